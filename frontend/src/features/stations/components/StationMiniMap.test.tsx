import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { expectViewKeptOverLanguageChange, FakeMap } from '../../explorer/fakeMaplibre';
import { StationMiniMap } from './StationMiniMap';

vi.mock('maplibre-gl', async (importOriginal) => (await import('../../explorer/fakeMaplibre')).fakeMaplibre(await importOriginal<object>()));

/** As the station's info page shows it (a station in the middle of Texas), named in the interface's language. */
function MiniMap() {
  const { t } = useTranslation();
  return <StationMiniMap latitude={31} longitude={-99.5} label={t('stations.info.map')} />;
}

beforeEach(() => {
  FakeMap.made = [];
  // The built-in outlines' files are not served here: the map shows its plain background.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe("the station's small map", () => {
  it('shows the station with the land around it (states and coasts), not zoomed in on blank land', () => {
    renderWithProviders(<MiniMap />);
    expect(FakeMap.made[0].options).toMatchObject({ center: [-99.5, 31], zoom: 5 });
  });

  it('names its controls and itself in the interface language, and again when it changes', async () => {
    renderWithProviders(<MiniMap />);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Map of the station' })).toBeInTheDocument();
    await act(() => changeLanguage('zh-CN'));
    expect(await screen.findByRole('button', { name: '放大' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '缩小' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '站点地图' })).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });

  it("keeps the user's view over a change of language: the same map, not made again, its controls relabelled", async () => {
    renderWithProviders(<MiniMap />);
    // The user pans and zooms in.
    await expectViewKeptOverLanguageChange({ center: { lng: -97.7, lat: 30.3 }, zoom: 8.5 }, async () => {
      expect(await screen.findByRole('button', { name: '放大' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: '站点地图' })).toBeInTheDocument();
    });
  });
});
