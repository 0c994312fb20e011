import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import i18n, { changeLanguage } from '../i18n';
import { LoadError } from './LoadError';

function show(error: unknown, props: { onRetry?: () => unknown; title?: string } = {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <LoadError error={error} {...props} />
    </I18nextProvider>,
  );
}

afterEach(() => changeLanguage('en'));

describe('a failed load', () => {
  it('without an answer (the browser\'s "Failed to fetch"): could not reach the server, check the connection', () => {
    show(new ApiError('Failed to fetch'), { title: 'The station could not be loaded.', onRetry: vi.fn() });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The station could not be loaded.');
    expect(alert).toHaveTextContent('Could not reach the server. Check your connection, then try again.');
    expect(alert).toHaveTextContent('Details: Failed to fetch');
  });

  it('503: the server is unavailable, try again in a moment', () => {
    show(new ApiError('Service Unavailable', { status: 503 }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server did not answer in time or is unavailable (HTTP 503). Try again in a moment.');
    expect(alert).toHaveTextContent('Details: Service Unavailable');
  });

  it('500: the server ran into a problem', () => {
    show(new ApiError('Internal Server Error', { status: 500 }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server ran into a problem and could not answer. Try again; if it keeps happening, tell the administrators (Contact us).Details: HTTP 500 · Internal Server Error',
    );
  });

  it("a refusal (4xx) in the server's own words, without a detail line", () => {
    show(new ApiError('Project not found.', { status: 404 }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Project not found.');
    expect(alert).not.toHaveTextContent('Details');
  });

  it('"Try again" loads again, saying so while it runs and staying focusable', async () => {
    let finish: () => void = () => undefined;
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    show(new ApiError('Failed to fetch'), { onRetry });
    const button = screen.getByRole('button', { name: 'Try again' });
    await userEvent.click(button);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(button).toHaveTextContent('Trying again…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    // A second press while it runs does nothing.
    await userEvent.click(button);
    expect(onRetry).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers no button without a way to load again', () => {
    show(new ApiError('Failed to fetch'));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    show(new ApiError('Service Unavailable', { status: 503 }), { onRetry: vi.fn() });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('服务器未及时响应或暂不可用（HTTP 503）。请稍后再试。');
    expect(alert).toHaveTextContent('详细信息：Service Unavailable');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
