/** The part of swagger-ui-dist's bundle (UMD, untyped) the API reference page calls. */
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  type Options = Omit<import('./swaggerUi').SwaggerUiOptions, 'serversLabel' | 'url'> & {
    plugins?: (() => import('./swaggerUi').SwaggerUiPlugin)[];
    requestInterceptor?: (request: import('./swaggerUi').TriedRequest) => Promise<import('./swaggerUi').TriedRequest>;
  } & ({ url: string } | { spec: Record<string, unknown> });
  const SwaggerUIBundle: (options: Options) => unknown;
  export default SwaggerUIBundle;
}
