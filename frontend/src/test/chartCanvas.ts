import { vi } from 'vitest';

/**
 * chart.js (and chartjs-plugin-zoom) run for real in the tests: jsdom has no 2D canvas and no layout, so the
 * canvas gets a context that draws nothing and every element an 800 × 400 box. Call in a beforeEach; `onText`
 * hears each text drawn (tick labels, a downloaded image's heading).
 */
export function fakeChartCanvas(onText?: (canvas: HTMLCanvasElement, text: string) => void): void {
  const box = { x: 0, y: 0, left: 0, top: 0, width: 800, height: 400, right: 800, bottom: 400 };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const canvas = this;
    const props: Record<PropertyKey, unknown> = {
      canvas,
      measureText: () => ({ width: 10, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 }),
      ...(onText && { fillText: (text: string) => onText(canvas, String(text)) }),
    };
    return new Proxy(props, {
      get: (target, key) => (key in target ? target[key] : () => undefined),
      set: (target, key, value) => ((target[key] = value), true),
    }) as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box } as DOMRect);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
}
