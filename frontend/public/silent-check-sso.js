// Loaded in a hidden iframe by the OIDC silent check (oidc-client-ts): hand the redirect URL, with the
// authorization response, back to the application, on this same origin only. The message has the shape
// oidc-client-ts listens for. A file of its own, not an inline script: the site's Content-Security-Policy
// allows scripts from the site only (infra/template.yaml, SiteResponseHeadersPolicy).
parent.postMessage({ source: 'oidc-client', url: location.href, keepOpen: false }, location.origin);
