/** The part of swagger-ui-dist's bundle (UMD, untyped) the API reference page calls. */
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const SwaggerUIBundle: (options: import('./swaggerUi').SwaggerUiOptions) => unknown;
  export default SwaggerUIBundle;
}
