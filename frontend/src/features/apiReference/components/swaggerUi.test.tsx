import { render, screen, waitFor, within } from '@testing-library/react';
import * as React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setTokenProvider } from '../../../api/client';
import { asSignedInUser, labelledServers, swaggerUiPlugins } from './swaggerUi';

/** Swagger UI's Servers component as 5.35 draws it: the list inside an empty label. */
function SwaggerServers(props: Record<string, unknown>) {
  const url = String(props.url);
  return (
    <div className="servers">
      <label htmlFor="servers">
        <select id="servers" defaultValue={url}><option value={url}>{url}</option></select>
      </label>
    </div>
  );
}

describe('the servers list of the API reference', () => {
  it('has a name, in the interface’s language, and keeps what Swagger UI draws', () => {
    const Servers = labelledServers({ text: '服务器', lang: 'zh-CN' }).wrapComponents.Servers(SwaggerServers, { React });
    render(<Servers url="/api/v1" />);
    const list = screen.getByRole('combobox', { name: '服务器' });
    expect(list).toHaveValue('/api/v1');
    expect(document.querySelector('label.visually-hidden[for="servers"]')).toHaveAttribute('lang', 'zh-CN');
  });
});

describe("the API reference's headings", () => {
  it("draw the document's title as an h2 under the page's one h1 (Swagger UI itself, an OpenAPI 3.1 document)", async () => {
    const { default: SwaggerUIBundle } = await import('swagger-ui-dist/swagger-ui-bundle.js');
    const page = document.createElement('section');
    page.innerHTML = '<h1>API reference</h1><div></div>';
    document.body.append(page);
    SwaggerUIBundle({
      domNode: page.querySelector('div')!,
      spec: { openapi: '3.1.0', info: { title: 'Open Water Data API', version: '0.1.0' }, paths: {} },
      plugins: swaggerUiPlugins({ text: 'Servers', lang: 'en' }),
    });

    const title = await waitFor(() => within(page).getByRole('heading', { name: /^Open Water Data API/ }));
    expect(title.tagName).toBe('H2');
    expect(title).toHaveClass('title');
    expect(within(page).getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['API reference']);
    page.remove();
  });

  it('draw the title of an OpenAPI 3.0 document as an h2 too', async () => {
    const { default: SwaggerUIBundle } = await import('swagger-ui-dist/swagger-ui-bundle.js');
    const node = document.createElement('div');
    document.body.append(node);
    SwaggerUIBundle({
      domNode: node,
      spec: { openapi: '3.0.3', info: { title: 'Older API', version: '1.0' }, paths: {} },
      plugins: swaggerUiPlugins({ text: 'Servers', lang: 'en' }),
    });

    const title = await waitFor(() => within(node).getByRole('heading', { name: /^Older API/ }));
    expect(title.tagName).toBe('H2');
    expect(node.querySelector('h1')).toBeNull();
    node.remove();
  });
});

describe("the API reference's landmarks", () => {
  it("draw Swagger UI's operations in a <div>, not a second main landmark inside the page's", async () => {
    const { default: SwaggerUIBundle } = await import('swagger-ui-dist/swagger-ui-bundle.js');
    const main = document.createElement('main');
    main.innerHTML = '<h1>API reference</h1><div></div>';
    document.body.append(main);
    SwaggerUIBundle({
      domNode: main.querySelector('div')!,
      spec: {
        openapi: '3.1.0',
        info: { title: 'Open Water Data API', version: '0.1.0' },
        tags: [{ name: 'stations' }],
        paths: { '/station/{id}': { get: { tags: ['stations'], summary: 'One station', responses: { 200: { description: 'The station' } } } } },
      },
      plugins: swaggerUiPlugins({ text: 'Servers', lang: 'en' }),
    });

    await waitFor(() => expect(within(main).getByRole('heading', { name: /^Open Water Data API/ })).toBeInTheDocument());
    const operations = await waitFor(() => {
      const node = main.querySelector('#operations');
      expect(node).not.toBeNull();
      return node!;
    });
    expect(operations.tagName).toBe('DIV');
    expect(operations).toHaveAttribute('tabindex', '-1');
    expect(await within(operations as HTMLElement).findByText('stations')).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toEqual([main]);
    main.remove();
  });
});

describe('"Try it out" as the signed-in user', () => {
  afterEach(() => setTokenProvider(null));

  it("sends the app's bearer token to this API, not elsewhere, and never over the user's own", async () => {
    setTokenProvider(() => 'the-session-token');
    const mine = await asSignedInUser({ url: `${window.location.origin}/api/v1/auth/profile`, headers: {} });
    expect(mine.headers.Authorization).toBe('Bearer the-session-token');
    const elsewhere = await asSignedInUser({ url: 'https://example.org/api/v1/auth/profile', headers: {} });
    expect(elsewhere.headers.Authorization).toBeUndefined();
    const own = await asSignedInUser({ url: '/api/v1/auth/profile', headers: { Authorization: 'Bearer chosen' } });
    expect(own.headers.Authorization).toBe('Bearer chosen');
    const keyed = await asSignedInUser({ url: '/api/v1/wapi/p/ts', headers: { 'X-API-Key': 'owd_key' } });
    expect(keyed.headers.Authorization).toBeUndefined();
  });

  it('sends nothing when signed out', async () => {
    const request = await asSignedInUser({ url: '/api/v1/auth/profile', headers: {} });
    expect(request.headers).toEqual({});
  });
});
