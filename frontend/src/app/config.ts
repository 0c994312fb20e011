/**
 * Runtime configuration: `config.json`, served next to index.html, is read once before the first
 * render, so one build serves every stage (local, dev, prod). Missing or unreadable → the defaults.
 */
import { DEFAULT_API_BASE } from '../api/client';

export interface OidcConfig {
  authority: string;
  clientId: string;
  /** Scopes asked for; 'openid profile email' unless config.json names others. */
  scope?: string;
  /** Login client options (validated by auth/oidc.ts loginOptions): 'query' | 'fragment'. */
  responseMode?: string;
  /** 'standard' (authorization code) is the one this client speaks. */
  flow?: string;
  pkceMethod?: string;
  /** 'check-sso' (silent check, anonymous stays anonymous) or 'login-required'. */
  onLoad?: string;
  /** The identity provider's account page, where it has one (Keycloak does, Cognito does not). */
  accountUrl?: string;
}

export interface AppConfig {
  apiBase: string;
  oidc: OidcConfig | null;
}

export const DEFAULT_CONFIG: AppConfig = { apiBase: DEFAULT_API_BASE, oidc: null };
export const CONFIG_URL = 'config.json';

let current: AppConfig = DEFAULT_CONFIG;

export function getConfig(): AppConfig {
  return current;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

const OPTIONAL_OIDC_KEYS = ['scope', 'responseMode', 'flow', 'pkceMethod', 'onLoad', 'accountUrl'] as const;

/** Merge whatever the file holds over the defaults, ignoring values of the wrong type. */
export function parseConfig(raw: unknown): AppConfig {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const oidc = source.oidc && typeof source.oidc === 'object' ? (source.oidc as Record<string, unknown>) : {};
  return {
    apiBase: nonEmptyString(source.apiBase) ? source.apiBase.trim() : DEFAULT_CONFIG.apiBase,
    oidc:
      nonEmptyString(oidc.authority) && nonEmptyString(oidc.clientId)
        ? {
            authority: oidc.authority,
            clientId: oidc.clientId,
            ...Object.fromEntries(
              OPTIONAL_OIDC_KEYS.filter((key) => nonEmptyString(oidc[key])).map((key) => [key, oidc[key] as string]),
            ),
          }
        : DEFAULT_CONFIG.oidc,
  };
}

/** Fetch config.json (relative to the page, never cached) and make it the current configuration. */
export async function loadConfig(
  url: string = new URL(CONFIG_URL, document.baseURI).href,
  fetchImpl: typeof fetch = fetch,
): Promise<AppConfig> {
  let raw: unknown;
  try {
    const response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (response.ok) {
      raw = await response.json();
    } else {
      console.warn(`Runtime configuration ${url} answered ${response.status}; using the defaults.`);
    }
  } catch (error) {
    console.warn(`Runtime configuration ${url} could not be read; using the defaults.`, error);
  }
  current = parseConfig(raw);
  return current;
}
