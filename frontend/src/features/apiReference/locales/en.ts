/** English strings of the API reference page (under `apiReference`). */
const apiReference = {
  title: 'API reference',
  intro: 'Every route of this portal’s API with its parameters, request body and answers, read from the API’s own OpenAPI document. Signed-in calls take the access token of the identity provider as a bearer token.',
  document: 'The OpenAPI 3.1 document (JSON)',
  loadFailed: 'The API reference could not be loaded. Please try again later.',
  /** The name of Swagger UI's servers list (read by screen readers). */
  servers: 'Servers',
};

export default apiReference;
