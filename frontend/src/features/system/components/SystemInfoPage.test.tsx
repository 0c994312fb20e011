import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SystemInfoPage } from './SystemInfoPage';

const info = { name: 'Open Water Data', version: '0.1.0', stage: 'local', buildTime: '2025-11-22T20:31:00Z' };

beforeEach(() => {
  setApiBase(undefined);
});

/** The [label, value] pairs of the system information list (found by its accessible name). */
function facts(listLabel = 'System information') {
  const list = screen.getByLabelText(listLabel);
  expect(list.tagName).toBe('DL');
  return within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('SystemInfoPage', () => {
  it("shows 'Loading...' until GET /system/info answers, then the name, version, stage and build time", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, info));
    vi.stubGlobal('fetch', fetchMock);

    renderWithProviders(<MemoryRouter><SystemInfoPage /></MemoryRouter>);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open Water Data' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/system/info', expect.objectContaining({ method: 'GET' }));

    // The build time as the interface writes a date and time (the browser's time zone), not a raw ISO string;
    // the machine-readable value stays in the <time> element.
    const built = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(info.buildTime));
    expect(facts()).toEqual([
      ['Version', '0.1.0'],
      ['Stage', 'Local'],
      ['Build time', built],
    ]);
    expect(screen.getByText(built).closest('time')).toHaveAttribute('dateTime', '2025-11-22T20:31:00Z');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore data' })).toHaveAttribute('href', '/sts/overview');
    expect(screen.getByRole('link', { name: 'About the product' })).toHaveAttribute('href', '/sts/mission');
  });

  it('labels everything in Simplified Chinese too', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, info)));
    await changeLanguage('zh-CN');

    renderWithProviders(<MemoryRouter><SystemInfoPage /></MemoryRouter>);

    expect(screen.getByRole('status')).toHaveTextContent('加载中...');
    await screen.findByRole('heading', { name: 'Open Water Data' });
    const built = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(info.buildTime));
    expect(built).toMatch(/^2025年11月2\d日 \d\d:\d\d$/);
    expect(facts('系统信息')).toEqual([
      ['版本', '0.1.0'],
      ['部署阶段', '本地'],
      ['构建时间', built],
    ]);
  });

  it('switches the labels when the language changes while shown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, info)));
    renderWithProviders(<MemoryRouter><SystemInfoPage /></MemoryRouter>);
    await screen.findByText('Version');

    await act(() => changeLanguage('zh-CN'));

    expect(screen.getByText('版本')).toBeInTheDocument();
    expect(screen.queryByText('Version')).not.toBeInTheDocument();
  });

  it('names each known deployment stage in the interface language, and shows an unknown one as it is', async () => {
    const named = { local: ['Local', '本地'], dev: ['Development', '开发'], test: ['Test', '测试'], staging: ['Staging', '预发布'], prod: ['Production', '生产'], 'qa-7': ['qa-7', 'qa-7'] };
    for (const [stage, [english, chinese]] of Object.entries(named)) {
      vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { ...info, stage })));
      const { unmount } = renderWithProviders(<MemoryRouter><SystemInfoPage /></MemoryRouter>);
      await screen.findByText('Version');
      expect(facts()).toContainEqual(['Stage', english]);
      await act(() => changeLanguage('zh-CN'));
      expect(facts('系统信息')).toContainEqual(['部署阶段', chinese]);
      await act(() => changeLanguage('en'));
      unmount();
    }
  });

  it("says 'Not recorded' for an empty build time", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { ...info, buildTime: '' })));
    renderWithProviders(<MemoryRouter><SystemInfoPage /></MemoryRouter>);
    await screen.findByText('Version');
    expect(facts()).toContainEqual(['Build time', 'Not recorded']);
  });

  it("shows the server's error message in an alert", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(503, { statusCode: 503, message: 'Service temporarily unavailable', error: 'Service Unavailable' })),
    );

    renderWithProviders(<MemoryRouter><SystemInfoPage /></MemoryRouter>);

    expect(await screen.findByRole('alert')).toHaveTextContent('Service temporarily unavailable');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
