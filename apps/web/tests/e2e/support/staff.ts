import { DEMO_PASSWORD, DEMO_STAFF, DEMO_TENANT } from '@winery/domain';
import { baseURL } from './browser';

let staffToken: Promise<string> | null = null;

/** Signs the demo's staff user in once per test file, as the staff console would. */
export function staffSignIn(): Promise<string> {
  staffToken ??= (async () => {
    const response = await fetch(`${baseURL()}/v1/staff/login`, {
      method: 'POST',
      headers: { tenant: DEMO_TENANT.slug, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_STAFF.email, password: DEMO_PASSWORD }),
    });
    if (!response.ok) throw new Error(`Staff sign-in failed: ${response.status}`);
    return ((await response.json()) as { token: string }).token;
  })();
  return staffToken;
}

/** One call to the staff API; the answer's status and body. */
export async function staffApi<T = unknown>(method: string, path: string, body?: unknown) {
  const token = await staffSignIn();
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { tenant: DEMO_TENANT.slug, Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
