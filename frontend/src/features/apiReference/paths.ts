/** The API reference page, and the document it shows (relative to the API base). */
export const API_REFERENCE_PATH = '/api-reference';
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';
