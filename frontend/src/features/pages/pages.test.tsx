import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { ABOUT_PAGES, dataSectionModule, INFO_PAGES } from './menu';
import { defaultText, fakePagesServer } from './test/fakePagesServer';
import { renderPages, SYSTEM_ADMIN_PROFILE, VIEWER_PROFILE } from './test/renderPages';

let server: ReturnType<typeof fakePagesServer>;

beforeEach(() => {
  server = fakePagesServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

/** The first heading of a Markdown text (`## ...`), if it has one. */
function firstHeading(text: string): string | undefined {
  return text.match(/^## (.+)$/m)?.[1];
}

describe('data section menu', () => {
  it("has 'Explore data' → /sts/overview and the 'About the product' group in the spec's order, then the API reference", () => {
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
      ['API reference', '/api-reference'],
    ]);
    expect(ABOUT_PAGES.every((p) => INFO_PAGES.includes(p))).toBe(true);
  });
});

describe('informational pages', () => {
  it.each(INFO_PAGES.flatMap((page) => [[page, 'en'], [page, 'zh-CN']] as const))('%s renders its text in %s', async (page, lang) => {
    await changeLanguage(lang);
    renderPages(`/sts/${page}`);
    const title = i18n.t(`pages.${page}.title`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const text = defaultText(page, lang);
    const heading = firstHeading(text);
    if (heading) expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    else expect(await screen.findByText(text.split('\n')[0]!.slice(0, 30), { exact: false })).toBeInTheDocument();
    // The title is said once: the text does not repeat it as its own first heading.
    expect(screen.getAllByRole('heading', { name: title })).toHaveLength(1);
    expect(server.calls).toContainEqual({ method: 'GET', path: `/pages/${page}/${lang}`, body: undefined });
  });

  it('shows bold Chinese text of the statement of purpose without literal asterisks', async () => {
    await changeLanguage('zh-CN');
    const { container } = renderPages('/sts/mission');
    const name = await screen.findByText('Open Water Data', { selector: 'strong' });
    expect(name.parentElement!.textContent).toMatch(/从未到达需要它们的人手中。Open Water Data 为这些监测工作/);
    expect(within(container.querySelector('.page-markdown')!).getByText('访客和公众').tagName).toBe('STRONG');
    expect(container.querySelector('.page-markdown')!.textContent).not.toContain('**');
  });

  it('calls the product by its name in the Chinese pages, as the header does', async () => {
    await changeLanguage('zh-CN');
    renderPages('/sts/mission');
    expect(await screen.findByRole('heading', { level: 2, name: '为什么要有 Open Water Data' })).toBeInTheDocument();
    expect(i18n.t('app.name')).toBe('Open Water Data');
    for (const page of INFO_PAGES) expect(defaultText(page, 'zh-CN'), page).not.toContain('开放水数据');
  });

  it('links to the explorer and the import formats from best practice', async () => {
    renderPages('/sts/practice');
    expect(await screen.findByRole('link', { name: 'explorer' })).toHaveAttribute('href', '#/sts/overview');
    expect(screen.getByRole('heading', { level: 3, name: 'Detection limits' })).toBeInTheDocument();
    expect(screen.getByText(/StationIdentifier,Date,Time,TimeZone/)).toBeInTheDocument();
  });

  it('links History and Learn More (pages the menu does not list) below every page, in both languages', async () => {
    const user = userEvent.setup();
    renderPages('/sts/mission');
    const further = await screen.findByRole('navigation', { name: 'Further reading' });
    expect(within(further).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Quickstart', '/sts/quickstart'],
      ['Training', '/sts/training'],
      ['Best Practice', '/sts/practice'],
      ['Glossary', '/sts/glossary'],
      ['Frequently asked questions', '/sts/faq'],
      ['History', '/sts/history'],
      ['Learn More', '/sts/more'],
    ]);
    await user.click(within(further).getByRole('link', { name: 'History' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: firstHeading(defaultText('history', 'en'))! })).toBeInTheDocument();
    const here = within(screen.getByRole('navigation', { name: 'Further reading' })).getByRole('link', { name: 'History' });
    expect(here).toHaveAttribute('aria-current', 'page');
    await user.click(within(screen.getByRole('navigation', { name: 'Further reading' })).getByRole('link', { name: 'Learn More' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Learn More' })).toBeInTheDocument();

    await changeLanguage('zh-CN');
    const chinese = await screen.findByRole('navigation', { name: '延伸阅读' });
    expect(within(chinese).getByRole('link', { name: '历史' })).toHaveAttribute('href', '/sts/history');
    expect(within(chinese).getByRole('link', { name: '了解更多' })).toHaveAttribute('href', '/sts/more');
  });

  it('shows the quickstart screenshots the browser tests took', async () => {
    renderPages('/sts/quickstart');
    const image = await screen.findByRole('img', { name: 'The explorer: map and filters' });
    expect(image).toHaveAttribute('src', 'quickstart/explorer.webp');
  });

  it('says so when the page cannot be loaded', async () => {
    server.fail('GET', /^\/pages\/faq\/en$/, 503, 'The data store is unavailable. Please try again shortly.');
    renderPages('/sts/faq');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded. Please try again later.');
  });

  it('renders Markdown with raw HTML and javascript: links inert', async () => {
    server.save('history', 'en', [
      '## Hostile',
      '<script>window.hacked = true</script>',
      '<img src="x" onerror="window.hacked = true">',
      '[Click me](javascript:window.hacked=true) and [safe](https://example.com)',
      '<a href="javascript:alert(1)">raw link</a>',
    ].join('\n\n'));
    const { container } = renderPages('/sts/history');
    expect(await screen.findByRole('heading', { level: 2, name: 'Hostile' })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(screen.getByText('Click me').getAttribute('href') ?? '').toBe('');
    expect(screen.getByRole('link', { name: 'safe' })).toHaveAttribute('href', 'https://example.com');
    expect(screen.queryByRole('link', { name: 'raw link' })).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });
});

describe('the page editor', () => {
  it('does not replace a version someone else saved after the text was opened: it says so and keeps the text', async () => {
    const user = userEvent.setup();
    renderPages('/sts/faq', SYSTEM_ADMIN_PROFILE);
    await user.click(await screen.findByRole('button', { name: 'Edit this page' }));
    const editor = await screen.findByRole('region', { name: 'Edit “Frequently asked questions”' });
    const text = within(editor).getByRole('textbox', { name: 'Markdown text' });
    await waitFor(() => expect(text).toHaveValue(defaultText('faq', 'en')));
    await user.type(text, ' Mine.');
    server.save('faq', 'en', '## Theirs', 'Bo Admin');

    await user.click(within(editor).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(
      'Bo Admin saved version 1 of this page after you started editing it. Your text is still here: look at their version in the list below, then save again to make yours the newest.',
    );
    expect(text).toHaveValue(`${defaultText('faq', 'en')} Mine.`);
    await waitFor(() => expect(within(editor).getByRole('listitem', { name: 'Version 1' })).toHaveTextContent('Bo Admin'));
    // Their text can be read in the list before saving over it.
    const theirs = within(within(editor).getByRole('listitem', { name: 'Version 1' })).getByText('Its text');
    await user.click(theirs);
    expect(theirs.closest('details')).toHaveAttribute('open');
    expect(theirs.closest('details')!.querySelector('pre')).toHaveTextContent('## Theirs');

    await user.click(within(editor).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(editor).findByRole('status')).toHaveTextContent('Saved as version 2.');
    expect(server.putIfMatch).toEqual(['"0"', '"1"']);
  });

  it('is offered only to system administrators', async () => {
    renderPages('/sts/mission', VIEWER_PROFILE);
    await screen.findByRole('heading', { level: 2, name: 'Why Open Water Data exists' });
    expect(screen.queryByRole('button', { name: 'Edit this page' })).toBeNull();
  });

  it('saves a language with a preview, lists the versions and restores an earlier one', async () => {
    const user = userEvent.setup();
    renderPages('/sts/faq', SYSTEM_ADMIN_PROFILE);
    await user.click(await screen.findByRole('button', { name: 'Edit this page' }));
    const editor = await screen.findByRole('region', { name: 'Edit “Frequently asked questions”' });
    expect(screen.getByRole('button', { name: 'Close the editor' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(within(editor).getByRole('group', { name: 'Language of the text' })).getByRole('radio', { name: '简体中文' }));
    const text = within(editor).getByRole('textbox', { name: 'Markdown text' });
    await waitFor(() => expect(text).toHaveValue(defaultText('faq', 'zh-CN')));
    await user.clear(text);
    await user.type(text, '## 新的问题{enter}{enter}回答。');
    const preview = within(editor).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { level: 2, name: '新的问题' })).toBeInTheDocument();

    await user.click(within(editor).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(editor).findByRole('status')).toHaveTextContent('Saved as version 1.');
    await waitFor(() => expect(within(editor).getByRole('status')).toHaveFocus());
    expect(server.calls).toContainEqual({ method: 'PUT', path: '/pages/faq/zh-CN', body: { text: '## 新的问题\n\n回答。' } });
    const versions = within(editor).getByRole('list');
    await waitFor(() => expect(within(versions).getAllByRole('listitem')).toHaveLength(2));
    expect(within(versions).getByRole('listitem', { name: 'Version 1' })).toHaveTextContent('served now');
    expect(within(versions).getByRole('listitem', { name: 'Version 0' })).toHaveTextContent('The product’s default text');

    await user.click(within(within(versions).getByRole('listitem', { name: 'Version 0' })).getByRole('button', { name: 'Restore' }));
    expect(await within(editor).findByText('Version 0 is served again.')).toBeInTheDocument();
    // The restore button was disabled under the pointer: the focus goes to what happened, not to the page's body.
    await waitFor(() => expect(within(editor).getByRole('status')).toHaveFocus());
    expect(document.body).not.toHaveFocus();
    expect(server.calls).toContainEqual({ method: 'POST', path: '/pages/faq/zh-CN/versions/0/restore', body: undefined });
    await waitFor(() => expect(within(editor).getByRole('listitem', { name: 'Version 2' })).toHaveTextContent('restored from version 0'));
    // The English text the visitor reads did not change.
    expect(screen.getByRole('heading', { level: 2, name: 'Do I need an account to see the data?' })).toBeInTheDocument();
  });

  /** The editor of a page, opened by a system administrator. */
  async function openEditor(user: ReturnType<typeof userEvent.setup>, page: 'history' | 'more', title: string) {
    renderPages(`/sts/${page}`, SYSTEM_ADMIN_PROFILE);
    await user.click(await screen.findByRole('button', { name: 'Edit this page' }));
    const editor = await screen.findByRole('region', { name: `Edit “${title}”` });
    const text = within(editor).getByRole('textbox', { name: 'Markdown text' });
    await waitFor(() => expect(text).toBeEnabled());
    const language = (name: string) => user.click(within(editor).getByRole('radio', { name }));
    return { editor, text, language };
  }

  it('keeps the draft of each language when another language is edited meanwhile', async () => {
    const user = userEvent.setup();
    const { editor, text, language } = await openEditor(user, 'history', 'History');
    await waitFor(() => expect(text).toHaveValue(defaultText('history', 'en')));
    await user.clear(text);
    await user.type(text, '## English draft');

    await language('简体中文');
    await waitFor(() => expect(text).toHaveValue(defaultText('history', 'zh-CN')));
    await user.clear(text);
    await user.type(text, '## 中文草稿');

    await language('English');
    await waitFor(() => expect(text).toHaveValue('## English draft'));
    expect(within(within(editor).getByRole('region', { name: 'Preview' })).getByRole('heading', { level: 2, name: 'English draft' }))
      .toBeInTheDocument();
    await language('简体中文');
    await waitFor(() => expect(text).toHaveValue('## 中文草稿'));
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('asks before closing the editor on changes not saved, and keeps them when the administrator goes on editing', async () => {
    const user = userEvent.setup();
    const { editor, text } = await openEditor(user, 'more', 'Learn More');
    await user.type(text, ' More words.');
    const toggle = screen.getByRole('button', { name: 'Close the editor' });

    await user.click(toggle);
    let dialog = screen.getByRole('dialog', { name: 'Discard the changes?' });
    expect(dialog).toHaveTextContent('Your changes to the text in English have not been saved. Close the editor and discard them?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(editor).toBeInTheDocument();
    expect(text).toHaveValue(`${defaultText('more', 'en')} More words.`);

    await user.click(toggle);
    dialog = screen.getByRole('dialog', { name: 'Discard the changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard the changes' }));
    expect(screen.queryByRole('region', { name: 'Edit “Learn More”' })).toBeNull();
    const reopen = screen.getByRole('button', { name: 'Edit this page' });
    expect(reopen).toHaveFocus();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    // Opened again, it shows the served text; closed without changes, or after saving them, it does not ask.
    await user.click(reopen);
    const again = await screen.findByRole('textbox', { name: 'Markdown text' });
    await waitFor(() => expect(again).toHaveValue(defaultText('more', 'en')));
    await user.click(screen.getByRole('button', { name: 'Close the editor' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Markdown text' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit this page' }));
    const third = await screen.findByRole('textbox', { name: 'Markdown text' });
    await waitFor(() => expect(third).toBeEnabled());
    await user.clear(third);
    await user.type(third, '## Saved');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await within(screen.getByRole('region', { name: 'Edit “Learn More”' })).findByRole('status')).toHaveTextContent('Saved as version 1.');
    await user.click(screen.getByRole('button', { name: 'Close the editor' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Markdown text' })).toBeNull();
  });

  it("does not carry one page's draft to another page", async () => {
    const user = userEvent.setup();
    const { router } = renderPages('/sts/history', SYSTEM_ADMIN_PROFILE);
    await user.click(await screen.findByRole('button', { name: 'Edit this page' }));
    const text = await screen.findByRole('textbox', { name: 'Markdown text' });
    await waitFor(() => expect(text).toBeEnabled());
    await user.clear(text);
    await user.type(text, '## History draft');
    await act(async () => void router.navigate('/sts/more'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard the changes?' })).getByRole('button', { name: 'Discard the changes' }));
    await screen.findByRole('heading', { level: 1, name: 'Learn More' });
    // The editor stays open on the next page (one view serves every page), with that page's text.
    const editor = await screen.findByRole('region', { name: 'Edit “Learn More”' });
    await waitFor(() => expect(within(editor).getByRole('textbox', { name: 'Markdown text' })).toHaveValue(defaultText('more', 'en')));
    expect(screen.queryByDisplayValue('## History draft')).toBeNull();
  });

  it('asks before a link leaves the page with changes not saved, and stays with them on "Keep editing"', async () => {
    const user = userEvent.setup();
    const { text } = await openEditor(user, 'history', 'History');
    const further = screen.getByRole('navigation', { name: 'Further reading' });
    // Without changes a link leaves at once.
    await user.click(within(further).getByRole('link', { name: 'Learn More' }));
    await screen.findByRole('heading', { level: 1, name: 'Learn More' });
    expect(screen.queryByRole('dialog')).toBeNull();

    const more = await screen.findByRole('region', { name: 'Edit “Learn More”' });
    const moreText = within(more).getByRole('textbox', { name: 'Markdown text' });
    await waitFor(() => expect(moreText).toHaveValue(defaultText('more', 'en')));
    expect(text).not.toBeInTheDocument();
    await user.type(moreText, ' More words.');
    await user.click(within(further).getByRole('link', { name: 'History' }));
    let dialog = screen.getByRole('dialog', { name: 'Discard the changes?' });
    expect(dialog).toHaveTextContent('Your changes to the text in English have not been saved. Leave this page and discard them?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Learn More' })).toBeInTheDocument();
    expect(moreText).toHaveValue(`${defaultText('more', 'en')} More words.`);

    await user.click(within(further).getByRole('link', { name: 'History' }));
    dialog = screen.getByRole('dialog', { name: 'Discard the changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard the changes' }));
    await screen.findByRole('heading', { level: 1, name: 'History' });
    expect(screen.queryByDisplayValue(`${defaultText('more', 'en')} More words.`)).toBeNull();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('asks before Back leaves the page with changes not saved', async () => {
    const user = userEvent.setup();
    const { router } = renderPages('/sts/mission', SYSTEM_ADMIN_PROFILE);
    await act(() => router.navigate('/sts/history'));
    await user.click(await screen.findByRole('button', { name: 'Edit this page' }));
    const text = await screen.findByRole('textbox', { name: 'Markdown text' });
    await waitFor(() => expect(text).toBeEnabled());
    await user.type(text, ' More.');
    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/sts/history');
    expect(text).toHaveValue(`${defaultText('history', 'en')} More.`);
  });

  it('asks before an address typed into the address bar leaves the page with changes not saved', async () => {
    const user = userEvent.setup();
    // What the router of the app (a hash router) would hear: it must not, while the question is open.
    const routerHears = vi.fn();
    window.addEventListener('popstate', routerHears);
    try {
      window.history.replaceState({ idx: 0 }, '', '#/sts/history');
      const { router } = renderPages('/sts/history', SYSTEM_ADMIN_PROFILE);
      await user.click(await screen.findByRole('button', { name: 'Edit this page' }));
      const text = await screen.findByRole('textbox', { name: 'Markdown text' });
      await waitFor(() => expect(text).toBeEnabled());
      await user.type(text, ' More.');

      // The browser writes the typed address (an entry without the router's index), then tells the page.
      const typeAddress = (hash: string) => act(() => {
        window.history.pushState(null, '', hash);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      });
      typeAddress('#/sts/terms');
      let dialog = await screen.findByRole('dialog', { name: 'Discard the changes?' });
      expect(dialog).toHaveTextContent('Leave this page and discard them?');
      expect(routerHears).not.toHaveBeenCalled();
      // The address shows this page again while the question is open.
      expect(window.location.hash).toBe('#/sts/history');
      await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
      expect(router.state.location.pathname).toBe('/sts/history');
      expect(text).toHaveValue(`${defaultText('history', 'en')} More.`);

      typeAddress('#/sts/terms?x=1');
      dialog = await screen.findByRole('dialog', { name: 'Discard the changes?' });
      await user.click(within(dialog).getByRole('button', { name: 'Discard the changes' }));
      await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
      expect(router.state.location).toMatchObject({ pathname: '/sts/terms', search: '?x=1' });
    } finally {
      window.removeEventListener('popstate', routerHears);
      window.history.replaceState(null, '', '/');
    }
  });

  it('has the browser ask before a reload or closing the tab only while changes are not saved', async () => {
    const user = userEvent.setup();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { text } = await openEditor(user, 'more', 'Learn More');
    expect(unload()).toBe(false);
    await user.type(text, ' More words.');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await within(screen.getByRole('region', { name: 'Edit “Learn More”' })).findByRole('status')).toHaveTextContent('Saved as version 1.');
    await waitFor(() => expect(unload()).toBe(false));
  });

  it('names every language with changes not saved, in Simplified Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderPages('/sts/history', SYSTEM_ADMIN_PROFILE);
    await user.click(await screen.findByRole('button', { name: '编辑此页面' }));
    const editor = await screen.findByRole('region', { name: '编辑“历史”' });
    const text = within(editor).getByRole('textbox', { name: 'Markdown 文本' });
    await waitFor(() => expect(text).toBeEnabled());
    await user.type(text, '补充。');
    await user.click(within(editor).getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(text).toHaveValue(defaultText('history', 'en')));
    await user.type(text, ' More.');
    await user.click(screen.getByRole('button', { name: '关闭编辑器' }));
    expect(screen.getByRole('dialog', { name: '放弃更改？' }))
      .toHaveTextContent('您对English和简体中文文本所做的更改尚未保存。要关闭编辑器并放弃这些更改吗？');
    expect(screen.getByRole('button', { name: '继续编辑' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '放弃更改' })).toBeInTheDocument();
  });

  it('says at the text that an empty page is not saved, until there is text again', async () => {
    const user = userEvent.setup();
    // As the server answers an empty text.
    server.fail('PUT', /^\/pages\/more\/en$/, 400, 'The page text is required.');
    const { editor, text } = await openEditor(user, 'more', 'Learn More');
    await user.clear(text);
    await user.click(within(editor).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(/required|enter the text/);
    expect(text).toHaveFocus();

    await user.type(text, 'Some words.');
    await waitFor(() => expect(within(editor).queryByRole('alert')).not.toBeInTheDocument());
    expect(text).not.toHaveAttribute('aria-invalid');
    expect(text).toHaveValue('Some words.');
  });

  it("shows the server's message when a save is refused", async () => {
    const user = userEvent.setup();
    server.fail('PUT', /^\/pages\/terms\/en$/, 400, 'The page text is required.');
    renderPages('/sts/terms', SYSTEM_ADMIN_PROFILE);
    await user.click(await screen.findByRole('button', { name: 'Edit this page' }));
    const editor = await screen.findByRole('region', { name: 'Edit “Terms and conditions”' });
    await waitFor(() => expect(within(editor).getByRole('button', { name: 'Save as a new version' })).toBeEnabled());
    await user.click(within(editor).getByRole('button', { name: 'Save as a new version' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent('The page text is required.');
  });
});
