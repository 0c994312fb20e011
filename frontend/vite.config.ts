/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialJsSize } from './build-tools/initialJsSize.ts';

// The API the dev server and `vite preview` forward /api/v1 to (`chalice local`, as `make run` starts it).
const API_TARGET = 'http://127.0.0.1:8001';
const proxy = { '/api/v1': { target: API_TARGET, changeOrigin: false } };

const TEST_FILES = ['src/**/*.test.{ts,tsx}'];
const MOCKING_FILES = (readdirSync('src', { recursive: true }) as string[])
  .filter((path) => /\.test\.tsx?$/.test(path))
  .filter((path) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`src/${path}`, 'utf8')))
  .map((path) => `src/${path}`);

export default defineConfig({
  // Relative asset URLs: the same build can be served from any path of any origin.
  base: './',
  plugins: [react(), initialJsSize()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  build: {
    // SPA_DIR: a separate output folder (e.g. for parallel browser-test runs); relative to frontend/.
    outDir: process.env.SPA_DIR ? `../${process.env.SPA_DIR}` : 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    environment: 'jsdom',
    // Test files in worker threads, at least two at once: Vitest's default (one fewer than the cores) ran one at a
    // time on a two-core machine while its main process mostly waited (155 s; two threads: ~105 s; two forked
    // processes: ~118-147 s).
    pool: 'threads',
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // A fresh environment per file cost 165 of the suite's 280 CPU seconds (170 s against 92 s on two cores), so
    // files share their worker's environment, cleaned by the setup file before each test. A file that replaces a
    // module (vi.mock) runs alone: its stand-in would stay in the shared module cache for the files after it.
    projects: [
      { extends: true, test: { name: 'shared', include: TEST_FILES, exclude: MOCKING_FILES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING_FILES } },
    ],
  },
});
