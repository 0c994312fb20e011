import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { jsonResponse } from '../../../test/render';
import { getOrganizationMapService, OFFLINE_MAP_SERVICE } from './mapService';

beforeEach(() => setApiBase(undefined));

describe("an organization's map service", () => {
  it("is read from the organization's map-service setting", async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(200, { id: 'map-service', inherited: false, value: { styleUrl: 'https://tiles.example.org/style.json', attribution: '© Example' } }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await getOrganizationMapService('org-1')).toMatchObject({ styleUrl: 'https://tiles.example.org/style.json', attribution: '© Example' });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/v1/organization/org-1/settings/map-service');
  });

  it("is the system's offline default when the organization inherits it", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { id: 'map-service', inherited: true, value: { provider: 'none' } })));
    expect(await getOrganizationMapService('org-1')).toEqual(OFFLINE_MAP_SERVICE);
  });
});
