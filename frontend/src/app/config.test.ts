import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, getConfig, loadConfig, parseConfig } from './config';

const stageConfig = {
  apiBase: 'https://d111.cloudfront.net/api/v1',
  oidc: { authority: 'https://cognito-idp.us-east-1.amazonaws.com/pool', clientId: 'spa-client' },
};

describe('runtime configuration', () => {
  it('defaults to the API base /api/v1 and no identity provider', () => {
    expect(DEFAULT_CONFIG).toEqual({ apiBase: '/api/v1', oidc: null });
    expect(parseConfig(undefined)).toEqual(DEFAULT_CONFIG);
  });

  it('takes the API base and the identity provider from config.json', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(stageConfig), { status: 200 }));

    const config = await loadConfig('http://localhost/config.json', fetchMock);

    expect(config).toEqual(stageConfig);
    expect(getConfig()).toEqual(stageConfig);
    expect(fetchMock).toHaveBeenCalledWith('http://localhost/config.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('keeps the defaults for missing or ill-typed values', () => {
    expect(parseConfig({ apiBase: '  ', oidc: { authority: 42 } })).toEqual(DEFAULT_CONFIG);
    expect(parseConfig({ oidc: stageConfig.oidc })).toEqual({ apiBase: '/api/v1', oidc: stageConfig.oidc });
  });

  it('passes the login client options through for the login client to check', () => {
    const oidc = { ...stageConfig.oidc, responseMode: 'fragment', flow: 'standard', pkceMethod: 'S256', onLoad: 'login-required', scope: 'openid' };
    // Values of the wrong type or empty are left out (the login client's defaults apply).
    expect(parseConfig({ oidc: { ...oidc, onLoad: 7, accountUrl: '' } }).oidc).toEqual({
      authority: oidc.authority, clientId: oidc.clientId, responseMode: 'fragment', flow: 'standard', pkceMethod: 'S256', scope: 'openid',
    });
    expect(parseConfig({ oidc }).oidc).toEqual(oidc);
  });

  it('falls back to the defaults when config.json cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await expect(loadConfig('http://localhost/config.json', vi.fn(async () => new Response('', { status: 404 })))).resolves.toEqual(DEFAULT_CONFIG);
    await expect(loadConfig('http://localhost/config.json', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))).resolves.toEqual(DEFAULT_CONFIG);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reads config.json relative to the page by default', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await loadConfig();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(new URL('config.json', document.baseURI).href);
  });
});
