export * from './tenants.js';
export * from './brands.js';
export * from './customers.js';
export * from './offerings.js';
export * from './allocations.js';
export * from './orders.js';
export * from './sessions.js';
export * from './rate-limit-buckets.js';
