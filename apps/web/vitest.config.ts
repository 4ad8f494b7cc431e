import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests only: plain functions with fake storages, no DOM, no React Router plugin.
//
// Files share a worker's loaded modules (isolate: false): 33 s -> 5 s on this 2-core machine,
// most of it importing the same modules again for each file. A file that mocks a module or
// stubs a global (vi.mock, vi.doMock, vi.stubGlobal) would leak that into the files after it, so
// such files, found by reading them, run isolated, each with modules of its own.
const root = new URL('.', import.meta.url).pathname;
const MOCKS = /\bvi\.(mock|doMock|stubGlobal)\(/;
const unitFiles = (readdirSync(join(root, 'app'), { recursive: true }) as string[])
  .filter((path) => path.endsWith('.test.ts'))
  .map((path) => `app/${path}`);
const isolated = unitFiles.filter((path) => MOCKS.test(readFileSync(join(root, path), 'utf8')));

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'web', root, include: ['app/**/*.test.ts'], exclude: isolated, environment: 'node', isolate: false } },
      { test: { name: 'web (mocks)', root, include: isolated, environment: 'node' } },
    ],
  },
});
