import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    // In development the API runs on its own port; the built site is served by the API itself.
    proxy: { '/v1': process.env.API_ORIGIN ?? 'http://127.0.0.1:3000' },
  },
});
