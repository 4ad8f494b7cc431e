import { decodeJwt } from 'jose';
import { baseURL } from './browser';
import { PASSWORD, TENANT } from './fixtures';

/** Signs in through the API, as the web app does, to set up or read state a test owns. */
export async function apiSignIn(email: string, password: string = PASSWORD) {
  const response = await fetch(`${baseURL()}/v1/customer/login`, {
    method: 'POST',
    headers: { tenant: TENANT, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${email} failed: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { token, customerId: decodeJwt(token).sub as string };
}

/** One call to the API with a member's token; the answer's status and body. */
export async function api<T = unknown>(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { tenant: TENANT, Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (response.status === 204 ? null : await response.json()) as T };
}
