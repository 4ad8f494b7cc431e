import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// `npm run dev` (scripts/dev.mjs) runs the API on its own port and sets API_ORIGIN; the built site
// is served by the API itself, so these only matter to the dev server.
const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    proxy: { '/v1': api, '/site-config.json': api, '/dev/outbox': api },
  },
});
