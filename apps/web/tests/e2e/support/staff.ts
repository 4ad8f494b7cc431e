import { baseURL } from './browser';
import { newStaff, TENANT } from './fixtures';

let staffToken: Promise<string> | null = null;

/** Signs a staff user of this file's own in once per test file, as the staff console would. */
export function staffSignIn(): Promise<string> {
  staffToken ??= (async () => {
    const staff = await newStaff();
    const response = await fetch(`${baseURL()}/v1/staff/login`, {
      method: 'POST',
      headers: { tenant: TENANT, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password: staff.password }),
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
    headers: { tenant: TENANT, Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
