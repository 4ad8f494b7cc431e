import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /v1/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /v1/openapi.json', () => {
  it('documents the four calls of the contract with the tenant header and the token scheme', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/customer/login',
        '/v1/customer/{customerId}',
        '/v1/{tenant}/customer/{customerId}/allocation',
        '/v1/{tenant}/customer/{customerId}/allocation/{allocationId}',
      ]),
    );
    expect(doc.components.securitySchemes.memberToken).toEqual({ type: 'apiKey', in: 'header', name: 'Authorization' });
    const customer = doc.paths['/v1/customer/{customerId}'].get;
    expect(customer.security).toEqual([{ memberToken: [] }]);
    expect(customer.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'tenant', required: true })]),
    );
    const login = doc.paths['/v1/customer/login'].post;
    expect(login.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'skipErrorReporting' })]),
    );
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(doc.paths)).not.toContain('/v1/openapi.json');
  });
});

describe("the member's account in the OpenAPI document", () => {
  it('documents every account call with its tag, summary, tenant header and token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const calls: Array<[string, string, string]> = [
      ['put', '/v1/customer/{customerId}', 'customer'],
      ['post', '/v1/customer/{customerId}/password', 'customer'],
      ['get', '/v1/{tenant}/customer/{customerId}/address', 'address'],
      ['post', '/v1/{tenant}/customer/{customerId}/address', 'address'],
      ['put', '/v1/{tenant}/customer/{customerId}/address/{addressId}', 'address'],
      ['delete', '/v1/{tenant}/customer/{customerId}/address/{addressId}', 'address'],
      ['post', '/v1/{tenant}/customer/{customerId}/address/{addressId}/default', 'address'],
      ['get', '/v1/{tenant}/customer/{customerId}/card', 'card'],
      ['post', '/v1/{tenant}/customer/{customerId}/card', 'card'],
      ['delete', '/v1/{tenant}/customer/{customerId}/card/{cardId}', 'card'],
      ['post', '/v1/{tenant}/customer/{customerId}/card/{cardId}/default', 'card'],
      ['get', '/v1/{tenant}/customer/{customerId}/order', 'order'],
    ];
    for (const [method, path, tag] of calls) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual([tag]);
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.security).toEqual([{ memberToken: [] }]);
      expect(operation.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'tenant', required: true })]),
      );
    }
    const addCard = doc.paths['/v1/{tenant}/customer/{customerId}/card'].post;
    expect(addCard.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['cardNumber', 'cardHolderName', 'expirationDate', 'cvv']),
    );
    expect(Object.keys(addCard.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '429']));
  });
});
