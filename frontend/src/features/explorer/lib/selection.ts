import { useSyncExternalStore } from 'react';
import type { StationDetails } from '../api/stationsAt';

/**
 * The station selection state (spec: device, default desktop, and the list of selected stations).
 * Kept outside React so the map, the table and a return from a station page all see the same one.
 */
export type Device = 'desktop' | 'mobile';

export interface StationSelection {
  device: Device;
  selected: StationDetails[];
}

export const DEFAULT_DEVICE: Device = 'desktop';

let state: StationSelection = { device: DEFAULT_DEVICE, selected: [] };
const listeners = new Set<() => void>();

function set(next: StationSelection): void {
  state = next;
  for (const listener of listeners) listener();
}

export const selectionStore = {
  get: (): StationSelection => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Replace the list of selected stations. */
  setSelected(stations: StationDetails[]): void {
    const seen = new Set<string>();
    set({ ...state, selected: stations.filter((s) => !seen.has(s.id) && seen.add(s.id)) });
  },
  toggle(station: StationDetails): void {
    const has = state.selected.some((s) => s.id === station.id);
    set({ ...state, selected: has ? state.selected.filter((s) => s.id !== station.id) : [...state.selected, station] });
  },
  setDevice(device: Device): void {
    if (device !== state.device) set({ ...state, device });
  },
  toggleDevice(): void {
    set({ ...state, device: state.device === 'desktop' ? 'mobile' : 'desktop' });
  },
  reset(): void {
    set({ device: DEFAULT_DEVICE, selected: [] });
  },
};

export function useStationSelection(): StationSelection {
  return useSyncExternalStore(selectionStore.subscribe, selectionStore.get, selectionStore.get);
}
