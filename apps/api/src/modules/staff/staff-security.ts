/** OpenAPI security requirement of staff routes: the raw staff token in Authorization. */
export const STAFF_SECURITY = [{ staffToken: [] as string[] }];
