/** The producer this build serves; the API answers for one tenant per request. */
export const TENANT: string = import.meta.env.VITE_TENANT || 'demo';
