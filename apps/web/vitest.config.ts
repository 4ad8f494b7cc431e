import { defineConfig } from 'vitest/config';

// Unit tests only: plain functions with fake storages, no DOM, no React Router plugin.
export default defineConfig({
  test: {
    include: ['app/**/*.test.ts'],
    environment: 'node',
  },
});
