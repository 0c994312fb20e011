import { useEffect, useState } from 'react';
import type TimeSeriesChartComponent from './TimeSeriesChart';

type Chart = typeof TimeSeriesChartComponent;

let loaded: Chart | undefined;

/**
 * The chart component, loaded on first use (chart.js is a chunk of its own). Views call this as they
 * start fetching their series, so the code arrives alongside the data. Not React.lazy: a Suspense
 * boundary holds its content back for 300 ms after its fallback shows, which a 1 s budget for
 * drawing a chart cannot spare.
 */
export function useTimeSeriesChart(): { Chart?: Chart; error?: unknown } {
  const [state, setState] = useState<{ Chart?: Chart; error?: unknown }>(() => ({ Chart: loaded }));
  useEffect(() => {
    if (loaded) return;
    let live = true;
    import('./TimeSeriesChart').then(
      (module) => {
        loaded = module.default;
        if (live) setState({ Chart: module.default });
      },
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
