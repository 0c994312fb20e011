import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n, { changeLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { ABOUT_PAGES, dataSectionModule, INFO_PAGES } from './menu';
import { infoPageRoutes } from './routes';

function renderPage(path: string) {
  const router = createMemoryRouter([{ path: '/sts', children: infoPageRoutes }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
}

describe('data section menu', () => {
  it("has 'Explore data' → /sts/overview and the 'About the product' group in the spec's order", () => {
    const [explore, about] = dataSectionModule.menu!;
    expect([i18n.t(explore.label as never), explore.to]).toEqual(['Explore data', '/sts/overview']);
    expect(i18n.t(about.label as never)).toBe('About the product');
    expect(about.items!.map((item) => [i18n.t(item.label as never), item.to])).toEqual([
      ['Statement of purpose', '/sts/mission'],
      ['Terms and conditions', '/sts/terms'],
      ['Privacy notice', '/sts/privacy'],
      ['Cookie policy', '/sts/cookies'],
      ['Partners', '/sts/partner'],
      ['Contact us', '/sts/contactUs'],
    ]);
    expect(ABOUT_PAGES.every((p) => INFO_PAGES.includes(p))).toBe(true);
  });
});

describe('informational pages', () => {
  it.each([
    ['/sts/mission', 'Statement of purpose'],
    ['/sts/contactUs', 'Contact us'],
    ['/sts/practice', 'Best Practice'],
    ['/sts/more', 'Learn More'],
  ])('%s shows its title and a placeholder', async (path, title) => {
    renderPage(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('This page is being written. Its content will appear here soon.')).toBeInTheDocument();
  });

  it('in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderPage('/sts/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: '隐私声明' })).toBeInTheDocument();
  });
});
