import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Goal for the JS a first visit downloads (issue 7): the map and chart chunks are not part of it. */
export const INITIAL_JS_GOAL_BYTES = 250 * 1024;

interface ChunkInfo {
  type: 'chunk' | 'asset';
  code?: string;
  isEntry?: boolean;
  imports?: string[];
  fileName: string;
}

/**
 * Prints the gzip size of the initial JS: the entry chunks and every chunk they import statically
 * (what index.html loads and preloads), and names the lazily loaded chunks left out of it.
 */
export function initialJsSize(goal = INITIAL_JS_GOAL_BYTES): Plugin {
  return {
    name: 'owd-initial-js-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<string, ChunkInfo>;
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks[fileName];
        if (!chunk || chunk.type !== 'chunk' || initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      for (const chunk of Object.values(chunks)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      const gzip = (fileName: string) => gzipSync(chunks[fileName].code ?? '', { level: 9 }).length;
      const total = [...initial].reduce((sum, fileName) => sum + gzip(fileName), 0);
      const lazy = Object.values(chunks).filter((c) => c.type === 'chunk' && !initial.has(c.fileName)).map((c) => c.fileName);
      const mapOrChart = lazy.filter((f) => /maplibre|StationMap|TimeSeriesChart|StationMiniMap/.test(f));
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const verdict = total <= goal ? 'OK' : 'OVER GOAL';
      this.info(
        `initial JS (gzip): ${kb(total)} in ${initial.size} chunks (goal <= ${kb(goal)}) ${verdict}; ` +
          `lazy map/chart chunks not in it: ${mapOrChart.join(', ') || 'none'}`,
      );
      // Printed plainly as well: the reporter may fold plugin messages.
      console.log(`\ninitial JS (gzip): ${kb(total)} (goal <= ${kb(goal)}) ${verdict}`);
    },
  };
}
