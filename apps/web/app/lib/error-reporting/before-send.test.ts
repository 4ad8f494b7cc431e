import { describe, expect, it } from 'vitest';
import { beforeSend, FILTERED } from './before-send';

describe('beforeSend', () => {
  it('drops TypeErrors, by the original exception or by the event', () => {
    expect(beforeSend({ message: 'x' }, { originalException: new TypeError('Failed to fetch') })).toBeNull();
    expect(beforeSend({ exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] } })).toBeNull();
  });

  it('keeps other errors', () => {
    const event = { exception: { values: [{ type: 'Error', value: 'boom' }] } };
    expect(beforeSend(event, { originalException: new Error('boom') })).toEqual(event);
  });

  it('redacts every password field in request data, extra and breadcrumbs, at any depth', () => {
    const event = {
      message: 'Failed Login Attempt',
      request: { url: '/v1/customer/login?password=hunter22', data: { email: 'a@b.c', password: 'hunter22' } },
      extra: { form: { nested: [{ newPassword: 'n3w-secret', confirmPassword: 'n3w-secret' }] }, path: '/login' },
      breadcrumbs: [
        { category: 'fetch', data: { body: '{"email":"a@b.c","password":"hunter22"}' } },
        { category: 'ui', message: 'typed', data: { currentPassword: 'old-secret' } },
      ],
    };
    const sent = beforeSend(event);
    const text = JSON.stringify(sent);
    for (const secret of ['hunter22', 'n3w-secret', 'old-secret']) expect(text).not.toContain(secret);
    expect(sent?.request?.data).toEqual({ email: 'a@b.c', password: FILTERED });
    expect(sent?.extra?.path).toBe('/login');
    expect(text).toContain('a@b.c');
  });
});
