import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';

const renderSwaggerUi = vi.fn();
vi.mock('./swaggerUi', () => ({ renderSwaggerUi: (options: unknown) => renderSwaggerUi(options) }));

const { ApiReferencePage } = await import('./ApiReferencePage');

beforeEach(() => {
  setApiBase(undefined);
  renderSwaggerUi.mockReset();
});

describe('ApiReferencePage', () => {
  it('names the page, links the OpenAPI document and draws that document', async () => {
    renderSwaggerUi.mockResolvedValue(undefined);
    renderWithProviders(<MemoryRouter><ApiReferencePage /></MemoryRouter>);

    expect(screen.getByRole('heading', { level: 1, name: 'API reference' })).toBeInTheDocument();
    expect(screen.getByText(/Every route of this portal’s API/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The OpenAPI 3.1 document (JSON)' })).toHaveAttribute('href', '/api/v1/openapi.json');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(renderSwaggerUi).toHaveBeenCalledWith(expect.objectContaining({
      url: '/api/v1/openapi.json', deepLinking: false, docExpansion: 'none', serversLabel: { text: 'Servers', lang: 'en' },
    }));
  });

  it('says so when the reference cannot be loaded, in Simplified Chinese too', async () => {
    renderSwaggerUi.mockRejectedValue(new Error('chunk failed'));
    await act(() => changeLanguage('zh-CN'));
    renderWithProviders(<MemoryRouter><ApiReferencePage /></MemoryRouter>);

    expect(screen.getByRole('heading', { level: 1, name: 'API 参考' })).toBeInTheDocument();
    expect(screen.getByText(/本门户 API 的每个路由/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OpenAPI 3.1 文档（JSON）' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('无法加载 API 参考，请稍后再试。');
    await act(() => changeLanguage('en'));
  });

  it('shows the English failure message', async () => {
    renderSwaggerUi.mockRejectedValue(new Error('chunk failed'));
    renderWithProviders(<MemoryRouter><ApiReferencePage /></MemoryRouter>);
    expect(await screen.findByRole('alert')).toHaveTextContent('The API reference could not be loaded. Please try again later.');
  });
});
