import { lowerPasswordCostForTests } from '../modules/auth/password.service.js';

// Runs before every API test file (vitest.config.ts setupFiles). Hashes made under test are cheap;
// password.service.test.ts re-imports the service fresh to prove production still hashes at 2^15.
lowerPasswordCostForTests();
