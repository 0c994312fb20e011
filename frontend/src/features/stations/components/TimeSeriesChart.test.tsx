import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { SeriesInfo } from '../lib/series';
import TimeSeriesChart from './TimeSeriesChart';

// chart.js and chartjs-plugin-zoom run for real; jsdom has no 2D canvas and no layout, so the canvas gets a
// context that draws nothing and every element an 800 × 400 box.
function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const props: Record<PropertyKey, unknown> = { canvas, measureText: () => ({ width: 10, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 }) };
  return new Proxy(props, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => ((target[key] = value), true),
  }) as unknown as CanvasRenderingContext2D;
}

const box = { x: 0, y: 0, left: 0, top: 0, width: 800, height: 400, right: 800, bottom: 400 };

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return fakeContext(this);
  } as never);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box } as DOMRect);
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});

const DAY = 86_400_000;
function series(n: number): SeriesInfo {
  const time = Float64Array.from({ length: n }, (_, i) => Date.UTC(2020, 0, 1) + i * DAY);
  const value = Float64Array.from({ length: n }, (_, i) => 7 + Math.sin(i));
  return { name: 'pH', unit: 'std units', characteristicName: 'pH', series: { parameterId: 'p-ph', time, value, unit: 'std units', flags: new Map() } };
}

async function renderChart() {
  renderWithProviders(<TimeSeriesChart all={[series(100)]} title="Time series of pH" filename="ph" />);
  const canvas = screen.getByRole('img', { name: 'Time series of pH' });
  await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
  return canvas;
}

describe('time series chart: zoom and pan (chartjs-plugin-zoom)', () => {
  it("keys on the focused chart zoom and pan; 'Reset zoom' is enabled only while zoomed", async () => {
    const user = userEvent.setup();
    const canvas = await renderChart();
    expect(canvas).toHaveAttribute('data-drawn-points', '100');
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    expect(reset).toBeDisabled();

    // The whole time range is shown: neither panning nor zooming out goes past the data.
    canvas.focus();
    await user.keyboard('{ArrowRight}{ArrowLeft}-');
    expect(reset).toBeDisabled();

    await user.keyboard('+');
    expect(reset).toBeEnabled();
    await user.keyboard('{ArrowRight}');
    expect(reset).toBeEnabled();
    await user.click(reset);
    expect(reset).toBeDisabled();

    canvas.focus();
    await user.keyboard('=');
    expect(reset).toBeEnabled();
    await user.keyboard('0');
    expect(reset).toBeDisabled();
  });

  it("the buttons zoom in and out; zooming back out to the whole range disables 'Reset zoom'", async () => {
    const user = userEvent.setup();
    await renderChart();
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(reset).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(reset).toBeDisabled();
  });

  it('Shift or Ctrl + wheel zooms; the plain wheel is left to the page', async () => {
    const canvas = await renderChart();
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    expect(fireEvent.wheel(canvas, { deltaY: -100, clientX: 400, clientY: 200 })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reset).toBeDisabled();

    expect(fireEvent.wheel(canvas, { deltaY: -100, clientX: 400, clientY: 200, shiftKey: true })).toBe(false);
    await waitFor(() => expect(reset).toBeEnabled());
    fireEvent.click(reset);
    expect(reset).toBeDisabled();
    fireEvent.wheel(canvas, { deltaY: -100, clientX: 400, clientY: 200, ctrlKey: true });
    await waitFor(() => expect(reset).toBeEnabled());
  });
});
