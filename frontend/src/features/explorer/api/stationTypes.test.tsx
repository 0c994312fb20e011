import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { useStationTypeOptions } from './stationTypes';

function TypeNames() {
  const { data } = useStationTypeOptions();
  return <p>{data ? [...data].sort((a, b) => a.id.localeCompare(b.id)).map((o) => `${o.id}=${o.name}`).join('; ') : 'loading'}</p>;
}

beforeEach(() => {
  setApiBase(undefined);
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, [
    { key: 'surface-water', label: 'Surface water' },
    { key: 'lake', label: 'Lake or reservoir' },
    { key: 'other', label: 'Other' },
    { key: 'karst-pool', label: 'Karst pool' },
  ])));
});

describe('station type names', () => {
  it("are the reference list's in English, and the built-in types' translations in Chinese, following a language change", async () => {
    renderWithProviders(<TypeNames />);
    expect(await screen.findByText('karst-pool=Karst pool; lake=Lake or reservoir; other=Other; surface-water=Surface water')).toBeInTheDocument();
    await act(() => changeLanguage('zh-CN'));
    // A type the interface has no word for keeps the reference list's name.
    expect(await screen.findByText('karst-pool=Karst pool; lake=湖泊或水库; other=其他; surface-water=地表水')).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });
});
