/**
 * Swagger UI, loaded only when the API reference page asks for it: its script and styles are chunks of
 * their own, so the SPA's first load does not carry them.
 */
export interface SwaggerUiOptions {
  domNode: HTMLElement;
  url: string;
  deepLinking?: boolean;
  docExpansion?: 'list' | 'full' | 'none';
}

export async function renderSwaggerUi(options: SwaggerUiOptions): Promise<void> {
  const [bundle] = await Promise.all([
    import('swagger-ui-dist/swagger-ui-bundle.js'),
    import('swagger-ui-dist/swagger-ui.css'),
  ]);
  bundle.default(options);
}
