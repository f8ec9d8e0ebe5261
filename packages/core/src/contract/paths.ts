/**
 * Paths the client needs without the route definitions (which carry their zod schemas): importing
 * these keeps the schema library out of the first download of both front ends.
 */

/** Where the API is mounted on the public origin. */
export const API_BASE_PATH = '/api';

/** authRoutes.refresh: the client's built-in token refresh calls it directly. */
export const TOKEN_REFRESH_PATH = '/authentication/token/refresh';
