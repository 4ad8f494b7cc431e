import { ApiErrorSchema } from '@winery/domain';

/** Error responses documented on a route; the error handler sends them in this one shape. */
export const errorResponses = (...codes: Array<400 | 401 | 403 | 404 | 409 | 429>) =>
  Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as Record<number, typeof ApiErrorSchema>;
