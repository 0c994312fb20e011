/**
 * maplibre-gl for the tests of the maps (jsdom has no WebGL): a Map that keeps what it is given and fires the
 * events a test fires, with maplibre's own controls (whose labels come from the map's `locale`, as in maplibre),
 * and popups shown in the page. As maplibre, its style (sources, layers, paint) may be touched only once the map
 * has fired 'load' and until it is removed: before, it throws maplibre's own "Style is not done loading.". Use: vi.mock('maplibre-gl', async (actual) => fakeMaplibre(await actual())).
 */
import { act } from '@testing-library/react';
import type { IControl } from 'maplibre-gl';
import { expect } from 'vitest';
import { changeLanguage } from '../../i18n';

type Handler = (event: Record<string, unknown>) => void;
type Listener = { type: string; layer?: string; handler: Handler; once?: boolean };
type Bounds = [[number, number], [number, number]];

/** The width in pixels the fake map fits bounds into. */
const WIDTH = 800;

export class FakeMap {
  /** Every map made, the newest last. */
  static made: FakeMap[] = [];
  readonly canvas = document.createElement('canvas');
  readonly sources = new Map<string, { data: unknown; setData: (data: unknown) => void }>();
  readonly fits: { bounds: Bounds; options: { maxZoom?: number } }[] = [];
  zoom: number;
  /** maplibre's strings (its `locale` option), read as maplibre reads them: when a control is added. */
  _locale: Record<string, string>;
  removed = false;
  private listeners: Listener[] = [];
  private layers = new Set<string>();
  private styleLoaded = false;

  constructor(readonly options: { container: HTMLElement; zoom?: number; locale?: Record<string, string> }) {
    this.zoom = options.zoom ?? 0;
    this._locale = { ...options.locale };
    this.canvas.setAttribute('role', 'region');
    this.canvas.tabIndex = 0; // as maplibre's: the arrow keys move the map
    this.canvas.setAttribute('aria-label', this._getUIString('Map.Title'));
    options.container.append(this.canvas);
    FakeMap.made.push(this);
    // As maplibre: a removed map never loads.
    setTimeout(() => this.removed || this.fire('load'));
  }

  _getUIString(key: string): string {
    return this._locale[key] ?? key;
  }

  on(type: string, layerOrHandler: string | Handler, handler?: Handler) {
    if (typeof layerOrHandler === 'string') this.listeners.push({ type, layer: layerOrHandler, handler: handler! });
    else this.listeners.push({ type, handler: layerOrHandler });
    return this;
  }

  once(type: string, handler: Handler) {
    this.listeners.push({ type, handler, once: true });
    return this;
  }

  off(type: string, handler: Handler) {
    this.listeners = this.listeners.filter((l) => l.type !== type || l.handler !== handler);
    return this;
  }

  /** What a user (or maplibre) would set off: `type` on `layer`, with the event's fields (e.g. its features). */
  fire(type: string, layer?: string, event: Record<string, unknown> = {}) {
    if (type === 'load' && !layer) this.styleLoaded = true;
    for (const listener of this.listeners.filter((l) => l.type === type && l.layer === layer)) {
      if (listener.once) this.listeners = this.listeners.filter((l) => l !== listener);
      listener.handler({ type, ...event });
    }
  }

  addControl(control: IControl) {
    this.options.container.append(control.onAdd(this as never));
    return this;
  }

  removeControl(control: IControl) {
    control.onRemove(this as never);
    return this;
  }

  getCanvas() {
    return this.canvas;
  }

  isStyleLoaded() {
    return this.styleLoaded && !this.removed;
  }

  /** As maplibre's Style: its sources, layers and paint are there only once loaded. */
  private checkLoaded() {
    if (this.removed) throw new Error('The map has been removed.');
    if (!this.styleLoaded) throw new Error('Style is not done loading.');
  }

  addSource(id: string, spec: { data: unknown }) {
    this.checkLoaded();
    const source = { data: spec.data, setData: (data: unknown) => void (source.data = data) };
    this.sources.set(id, source);
  }

  getSource(id: string) {
    this.checkLoaded();
    return this.sources.get(id);
  }

  addLayer(layer: { id: string }) {
    this.checkLoaded();
    this.layers.add(layer.id);
  }

  getLayer(id: string) {
    return this.layers.has(id) ? { id } : undefined;
  }

  setPaintProperty() {
    this.checkLoaded();
  }

  getStyle() {
    return { glyphs: undefined };
  }

  getBounds() {
    return { getWest: () => -180, getSouth: () => -85, getEast: () => 180, getNorth: () => 85 };
  }

  getZoom() {
    return this.zoom;
  }

  /** The map's centre: a test puts it where the arrow keys would have moved it. */
  center = { lng: -96, lat: 38 };

  getCenter() {
    return this.center;
  }

  /** Pixels, as maplibre's `project`: here 10 a degree, whatever the zoom. */
  project(at: [number, number] | { lng: number; lat: number }) {
    const [lng, lat] = Array.isArray(at) ? at : [at.lng, at.lat];
    return { x: lng * 10, y: -lat * 10 };
  }

  /** The stations source's features drawn inside the box (pixels): clusters on 'clusters', the rest on 'stations-points'. */
  queryRenderedFeatures(box: [[number, number], [number, number]], { layers }: { layers: string[] }) {
    const data = this.sources.get('stations')?.data as { features: { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }[] } | undefined;
    return (data?.features ?? [])
      .map((feature) => ({ ...feature, layer: { id: 'point_count' in feature.properties ? 'clusters' : 'stations-points' } }))
      .filter((feature) => {
        const { x, y } = this.project(feature.geometry.coordinates);
        return layers.includes(feature.layer.id) && x >= box[0][0] && x <= box[1][0] && y >= box[0][1] && y <= box[1][1];
      });
  }

  getMinZoom() {
    return 0;
  }

  getMaxZoom() {
    return 22;
  }

  /** As maplibre: the bounds' middle at the zoom that shows them, no closer than maxZoom (a single place: maxZoom itself). */
  fitBounds(bounds: Bounds, options: { maxZoom?: number } = {}) {
    this.fits.push({ bounds, options });
    const span = Math.max(bounds[1][0] - bounds[0][0], bounds[1][1] - bounds[0][1]);
    const middle = { lng: (bounds[0][0] + bounds[1][0]) / 2, lat: (bounds[0][1] + bounds[1][1]) / 2 };
    this.jumpTo({ center: middle, zoom: Math.min(options.maxZoom ?? 22, Math.log2((WIDTH * 360) / (512 * span))) });
  }

  easeTo(view: { center?: { lng: number; lat: number }; zoom?: number }) {
    this.jumpTo(view);
  }

  /** As a user's pan and zoom (or maplibre's own moves): the view changes between 'movestart' and 'moveend'. */
  jumpTo({ center, zoom }: { center?: { lng: number; lat: number }; zoom?: number }) {
    this.fire('movestart');
    if (center) this.center = center;
    if (zoom !== undefined) this.zoom = zoom;
    this.fire('moveend');
  }

  remove() {
    this.removed = true;
    this.options.container.replaceChildren();
  }
}

/**
 * A popup in the page while it is open. As maplibre's: its close button (unless `closeButton: false`, labelled by
 * maplibre's own English) follows the content and removes it, and `remove()` fires 'close'.
 */
export class FakePopup {
  readonly element = document.createElement('div');
  private closeButton: HTMLButtonElement | null = null;
  private listeners: { type: string; handler: () => void }[] = [];

  constructor(readonly options: { className?: string; closeButton?: boolean } = {}) {
    this.element.className = `fake-popup ${options.className ?? ''}`;
    if (options.closeButton !== false) {
      this.closeButton = document.createElement('button');
      this.closeButton.type = 'button';
      this.closeButton.className = 'maplibregl-popup-close-button';
      this.closeButton.setAttribute('aria-label', 'Close popup');
      this.closeButton.textContent = '×';
      this.closeButton.addEventListener('click', () => this.remove());
    }
  }

  setLngLat() {
    return this;
  }

  setDOMContent(node: Node) {
    this.element.replaceChildren(node, ...(this.closeButton ? [this.closeButton] : []));
    return this;
  }

  addTo() {
    document.body.append(this.element);
    return this;
  }

  getElement() {
    return this.element;
  }

  on(type: string, handler: () => void) {
    this.listeners.push({ type, handler });
    return this;
  }

  remove() {
    const open = this.element.isConnected;
    this.element.remove();
    if (open) for (const listener of this.listeners.filter((l) => l.type === 'close')) listener.handler();
    return this;
  }

  isOpen() {
    return this.element.isConnected;
  }
}

/** The maplibre-gl module with the fakes in place of its Map and Popup; its controls stay its own. */
export function fakeMaplibre<T extends object>(actual: T) {
  return { ...actual, Map: FakeMap, Popup: FakePopup, setWorkerUrl: () => undefined };
}

/**
 * The user's view set on the newest map, then the interface switched to Simplified Chinese: `relabelled` checks the
 * map's strings in Chinese; the map must be the same one, not made again, its view as the user left it. English is
 * put back whatever happened.
 */
export async function expectViewKeptOverLanguageChange(view: { center: { lng: number; lat: number }; zoom: number },
  relabelled: () => Promise<void>): Promise<void> {
  const map = FakeMap.made[FakeMap.made.length - 1];
  act(() => map.jumpTo(view));
  await act(() => changeLanguage('zh-CN'));
  try {
    await relabelled();
    expect(FakeMap.made).toEqual([map]);
    expect(map.removed).toBe(false);
    expect({ center: map.getCenter(), zoom: map.getZoom() }).toEqual(view);
  } finally {
    await act(() => changeLanguage('en'));
  }
}
