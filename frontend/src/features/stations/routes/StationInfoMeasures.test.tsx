import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { stationRoutes } from '.';

// No canvas in jsdom: the small map stands in with what it was given.
vi.mock('../components/StationMiniMap', () => ({
  default: (props: { latitude: number; longitude: number }) => <div data-testid="mini-map">{`${props.latitude},${props.longitude}`}</div>,
}));

const ORG = '6f1f3c4e-8a43-4b0c-9d7e-2f5a1c0b7d01';
// A site of the Water Quality Portal's Station profile, imported: its elevation and drainage area as the file gave them.
const milford = {
  id: 's1', identifier: 'USGS-01405150', name: 'MILFORD BROOK AT HERBERTS CORNER, NJ', latitude: 40.33138717,
  longitude: -74.2723682, horizontalDatum: 'NAD83', stationType: 'surface-water', monitoringLocationType: 'Stream',
  huc8: '02030105', stateFips: '34', countyFips: '34025', organizationId: ORG, projectIds: [], sampleCount: 0,
  elevation: 160, elevationUnit: 'feet', elevationMethod: 'Interpolated from topographic map.', verticalDatum: 'NGVD29',
  drainageArea: 0.27, drainageAreaUnit: 'sq mi',
};

function serve(station: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace('/api/v1', '');
    if (path === '/station/s1') return jsonResponse(200, station);
    if (path === '/station/s1/series') return jsonResponse(200, []);
    if (path === '/parameter/parameters') return jsonResponse(200, []);
    if (path === '/stationTypes') return jsonResponse(200, [{ key: 'surface-water', label: 'Surface water' }]);
    if (path === `/organization/${ORG}`) return jsonResponse(200, { id: ORG, name: 'Demo Watershed Council' });
    if (path === '/project/getIdsByOrganizationIds') return jsonResponse(200, []);
    return jsonResponse(404, { message: 'no' });
  }));
}

/** The station's info page as the server answers GET /station/s1: its [label, value] pairs. */
async function infoFacts(station: Record<string, unknown>) {
  serve(station);
  const router = createMemoryRouter([{ path: '/sts', children: stationRoutes }], { initialEntries: ['/sts/station/s1/info'] });
  renderWithProviders(<RouterProvider router={router} />);
  const list = await screen.findByLabelText(/^(Station metadata|站点元数据)$/);
  await within(list).findByText(station.identifier as string, { selector: 'dd' });
  return within(list).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

beforeEach(() => {
  setApiBase(undefined);
});

describe('station info: elevation and drainage area', () => {
  it('shows the elevation above its vertical datum, how it was found, and the drainage area (English)', async () => {
    const facts = await infoFacts(milford);
    expect(facts).toContainEqual(['Elevation', '160 feet (NGVD29) · Method: Interpolated from topographic map.']);
    expect(facts).toContainEqual(['Drainage area', '0.27 sq mi']);
    // Shown after the datum of the position, before the US codes.
    const labels = facts.map(([label]) => label);
    expect(labels.indexOf('Elevation')).toBe(labels.indexOf('Horizontal datum') + 1);
    expect(labels.indexOf('Drainage area')).toBe(labels.indexOf('Elevation') + 1);
    expect(labels).not.toContain('Contributing drainage area');
  });

  it('shows them in Chinese, the units named in Chinese', async () => {
    await changeLanguage('zh-CN');
    try {
      const facts = await infoFacts({ ...milford, contributingDrainageArea: 12.5, contributingDrainageAreaUnit: 'acres' });
      expect(facts).toContainEqual(['高程', '160 英尺（NGVD29） · 测定方法：Interpolated from topographic map.']);
      expect(facts).toContainEqual(['流域面积', '0.27 平方英里']);
      expect(facts).toContainEqual(['有效集水面积', '12.5 英亩']);
    } finally {
      await changeLanguage('en');
    }
  });

  it('shows an elevation without a datum or method as its value and unit, and a unit not listed as written', async () => {
    const facts = await infoFacts({
      ...milford, elevation: 48.8, elevationUnit: 'm', elevationMethod: '', verticalDatum: '', drainageArea: 3, drainageAreaUnit: 'mi2',
    });
    expect(facts).toContainEqual(['Elevation', '48.8 m']);
    expect(facts).toContainEqual(['Drainage area', '3 mi2']);
  });

  it('shows no elevation or drainage area rows for a station that has none recorded', async () => {
    const { elevation: _e, elevationUnit: _u, elevationMethod: _m, verticalDatum: _d, drainageArea: _a, drainageAreaUnit: _au, ...without } = milford;
    const labels = (await infoFacts(without)).map(([label]) => label);
    expect(labels).not.toContain('Elevation');
    expect(labels).not.toContain('Drainage area');
    cleanup();
    await changeLanguage('zh-CN');
    try {
      const zh = (await infoFacts({ ...without, elevation: null, drainageArea: null })).map(([label]) => label);
      expect(zh).not.toContain('高程');
      expect(zh).not.toContain('流域面积');
    } finally {
      await changeLanguage('en');
    }
  });
});
