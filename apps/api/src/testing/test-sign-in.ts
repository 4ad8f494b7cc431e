import type { FastifyInstance } from 'fastify';
import { TEST_PASSWORD, TEST_TENANT } from './factories.js';

let sequence = 0;
/** A fresh address per call keeps sign-ins from counting against per-IP limits under test. */
const freshAddress = () => `10.${(sequence += 1) % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Signs members and staff in through the real endpoints and returns their tokens. */
export function createSignIns(app: FastifyInstance) {
  /** Signs a staff member in through the real endpoint and returns the staff token. */
  const signInStaff = async (email: string, password = TEST_PASSWORD, tenant = TEST_TENANT) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: { tenant },
      remoteAddress: freshAddress(),
      payload: { email, password },
    });
    if (response.statusCode !== 200) {
      throw new Error(`signInStaff(${email}) failed: ${response.statusCode} ${response.body}`);
    }
    return (response.json() as { token: string }).token;
  };

  /** Signs in through the real endpoint and returns the token. */
  const signIn = async (email: string, password = TEST_PASSWORD, tenant = TEST_TENANT) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/customer/login',
      headers: { tenant },
      remoteAddress: freshAddress(),
      payload: { email, password },
    });
    if (response.statusCode !== 200) {
      throw new Error(`signIn(${email}) failed: ${response.statusCode} ${response.body}`);
    }
    return (response.json() as { token: string }).token;
  };

  return { signIn, signInStaff };
}
