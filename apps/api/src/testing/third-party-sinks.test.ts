import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { THIRD_PARTY_SINK_PREFIX, thirdPartySinkRoutes } from './third-party-sinks.js';

describe('the third-party services’ test doubles of the browser tests’ server', () => {
  const app = Fastify();
  void app.register(thirdPartySinkRoutes);
  afterAll(() => app.close());

  it('serves each script as JavaScript, never cached, so every page load asks for it', async () => {
    for (const [name, global] of [['analytics.js', 'window.analytics'], ['errors.js', 'window.Sentry']] as const) {
      const response = await app.inject({ method: 'GET', url: `${THIRD_PARTY_SINK_PREFIX}/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain(global);
    }
  });

  it('answers 404 for any other name', async () => {
    const response = await app.inject({ method: 'GET', url: `${THIRD_PARTY_SINK_PREFIX}/other.js` });
    expect(response.statusCode).toBe(404);
  });
});
