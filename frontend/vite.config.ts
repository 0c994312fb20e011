/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialJsSize } from './build-tools/initialJsSize.ts';

// The API the dev server and `vite preview` forward /api/v1 to (`chalice local`, as `make run` starts it).
const API_TARGET = 'http://127.0.0.1:8001';
const proxy = { '/api/v1': { target: API_TARGET, changeOrigin: false } };

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
    // processes: ~118-147 s). Each file still has a fresh environment of its own (isolate).
    pool: 'threads',
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
