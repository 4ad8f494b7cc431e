import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
let webRoot: string;
let outside: string;

beforeAll(async () => {
  const base = mkdtempSync(join(tmpdir(), 'winery-web-'));
  webRoot = join(base, 'client');
  outside = join(base, 'secret.txt');
  writeFileSync(outside, 'TOP SECRET');
  const files: Record<string, string> = {
    'index.html': '<h1>home</h1>',
    'login/index.html': '<h1>login</h1>',
    'login.data': '[{"_1":2},"routes",{}]\n',
    '__spa-fallback.html': '<div id="spa"></div>',
    '404/index.html': '<h1>not found page</h1>',
    'assets/x.js': 'console.log("x")',
    'favicon.ico': 'icon',
    '.env': 'SECRET=1',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(webRoot, path, '..'), { recursive: true });
    writeFileSync(join(webRoot, path), content);
  }
  // Precompressed twins, as apps/web/scripts/precompress.mjs writes them.
  for (const path of ['login/index.html', 'assets/x.js', 'login.data', '404/index.html']) {
    const content = Buffer.from(files[path]!);
    writeFileSync(join(webRoot, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(webRoot, `${path}.gz`), gzipSync(content));
  }
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(join(webRoot, '..'), { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('serving the web build', () => {
  it('sends the brotli twin to browsers that accept it, else gzip, else the plain file', async () => {
    for (const url of ['/login', '/assets/x.js', '/login.data']) {
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('compresses the 404 page and keeps its status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('<h1>not found page</h1>');
  });

  it('never serves a twin as a page of its own content type', async () => {
    const response = await get('/assets/x.js.br');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('serves the prerendered home page at /', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<h1>home</h1>');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves a prerendered route from its index.html, with or without a trailing slash', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Fprofile']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<h1>login</h1>');
    }
  });

  it('serves assets with a long cache', async () => {
    const response = await get('/assets/x.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("x")');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(response.headers['cache-control']).toMatch(/immutable/);
  });

  it('serves other files with a short cache', async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).not.toMatch(/immutable/);
  });

  it("serves a prerendered page's .data file as React Router expects, revalidated every time", async () => {
    const response = await get('/login.data?_routes=routes%2Flogin');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('[{"_1":2},"routes",{}]\n');
    expect(response.headers['content-type']).toMatch(/^text\/x-script/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers the .data of a page without data with 404, which the app shows as its 404 page', async () => {
    const response = await get('/philosophy.data');
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-remix-response']).toBeUndefined();
  });

  it('answers client-only routes with the SPA fallback and 200', async () => {
    for (const url of ['/profile', '/profile/addresses', '/offering/letter', '/login-by-link/abc123']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe('<div id="spa"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the staff console (/staff and every page under it) with the SPA fallback, never prerendered', async () => {
    for (const url of ['/staff', '/staff/', '/staff/login', '/staff/offerings/0b6c2f6e-1d1a-4f6e-9b61-5d2a8f0c9e11', '/staff/wines/new?x=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<div id="spa"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers other unknown paths with the 404 page and status 404', async () => {
    for (const url of ['/no-such-page', '/assets/missing.js', '/profiles', '/staffroom']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toBe('<h1>not found page</h1>');
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('keeps /v1 answers JSON', async () => {
    const response = await get('/v1/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, type: 'notFound' });
    expect((await get('/v1/health')).json()).toEqual({ status: 'ok' });
  });

  it('never serves files outside the web root or hidden files', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/..%2fsecret.txt', '/.env', '/%00']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('TOP SECRET');
      expect(response.body, url).not.toContain('SECRET=1');
      expect(response.statusCode, url).toBe(404);
    }
  });
});
