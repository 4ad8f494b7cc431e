const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID as the database stores ids (any version, either case): checked before one is used in a query or trusted from a token. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
