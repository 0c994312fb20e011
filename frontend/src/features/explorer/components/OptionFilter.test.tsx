import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { OptionFilter } from './OptionFilter';

const PROJECTS = [{ id: 'p-1', name: 'Lake survey' }];
const GONE = '8d9c5f2e-0000-4000-8000-000000000001';

afterEach(() => changeLanguage('en'));

describe('a choice the list does not hold', () => {
  // A walk: a shared link filtering on a project deleted since showed its raw id, ticked, beside "No station matches".
  it('is said to be no longer available, once the list has come', () => {
    const { rerender } = renderWithProviders(
      <OptionFilter title="Projects" options={undefined} loading selected={['p-1', GONE]} onChange={() => undefined} />,
    );
    expect(screen.getByRole('checkbox', { name: GONE })).toBeChecked(); // the list not come yet: nothing to say
    rerender(<OptionFilter title="Projects" options={PROJECTS} selected={['p-1', GONE]} onChange={() => undefined} />);
    expect(screen.getByRole('checkbox', { name: 'Lake survey' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: `No longer available (${GONE})` })).toBeChecked();
  });

  it('is said so in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<OptionFilter title="项目" options={PROJECTS} selected={[GONE]} onChange={() => undefined} />);
    expect(screen.getByRole('checkbox', { name: `已不可用（${GONE}）` })).toBeChecked();
  });
});
