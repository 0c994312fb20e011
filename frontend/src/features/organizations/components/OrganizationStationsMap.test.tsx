import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { expectViewKeptOverLanguageChange, FakeMap } from '../../explorer/fakeMaplibre';
import type { Station } from '../api/types';
import { OrganizationStationsMap } from './OrganizationStationsMap';

vi.mock('maplibre-gl', async (importOriginal) => (await import('../../explorer/fakeMaplibre')).fakeMaplibre(await importOriginal<object>()));

const STATIONS = [
  { id: 's-1', identifier: 'DEMO-1', name: 'Mill Creek', latitude: 40.1, longitude: -75.2 },
  { id: 's-2', identifier: 'DEMO-2', name: 'Otter Pond', latitude: 40.3, longitude: -75.4 },
] as Station[];

/** As the organization's public page shows it, named in the interface's language. */
function OrganizationMap() {
  const { t } = useTranslation();
  return <OrganizationStationsMap stations={STATIONS} label={t('organizations.info.mapLabel', { name: 'Demo Watershed Council' })} />;
}

beforeEach(() => {
  FakeMap.made = [];
  // The built-in outlines' files are not served here: the map shows its plain background.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe("the map of an organization's stations", () => {
  it('names its zoom buttons and itself in the interface language, and again when it changes', async () => {
    renderWithProviders(<OrganizationMap />);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Map of the stations of Demo Watershed Council' })).toBeInTheDocument();
    await act(() => changeLanguage('zh-CN'));
    expect(await screen.findByRole('button', { name: '放大' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '缩小' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Demo Watershed Council 的站点地图' })).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });

  it("keeps the user's view over a change of language: the same map, not made again, its controls relabelled", async () => {
    renderWithProviders(<OrganizationMap />);
    // The user zooms in on one of the stations.
    await expectViewKeptOverLanguageChange({ center: { lng: -75.2, lat: 40.1 }, zoom: 12 }, async () => {
      expect(await screen.findByRole('button', { name: '放大' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '缩小' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Demo Watershed Council 的站点地图' })).toBeInTheDocument();
    });
  });
});
