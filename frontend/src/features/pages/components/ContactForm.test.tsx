import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { fakePagesServer } from '../test/fakePagesServer';
import { renderPages, SYSTEM_ADMIN_PROFILE, VIEWER_PROFILE } from '../test/renderPages';
import { holdAnswers } from '../../../test/holdAnswers';

let server: ReturnType<typeof fakePagesServer>;

beforeEach(() => {
  server = fakePagesServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Lin Wei');
  await user.type(screen.getByRole('textbox', { name: 'Your email address' }), 'lin@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello from the river.');
}

describe('Contact us', () => {
  it('sends the message with an empty honeypot and confirms it', async () => {
    const user = userEvent.setup();
    renderPages('/sts/contactUs');
    await fillIn(user);
    const answer = holdAnswers(server.fetch, () => true);
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    answer();
    const thanks = await screen.findByRole('status');
    expect(thanks).toHaveTextContent('Thank you. Your message was sent to the administrators; we will answer by email.');
    // The button pressed has left: focus is on the thanks, not lost to the page's body (moved there once it is shown).
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(server.calls).toContainEqual({
      method: 'POST', path: '/contact',
      body: { name: 'Lin Wei', email: 'lin@example.com', message: 'Hello from the river.', website: '', language: 'en' },
    });
    await user.click(screen.getByRole('button', { name: 'Write another message' }));
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveFocus();
  });

  it('keeps the honeypot away from people and assistive technology', async () => {
    renderPages('/sts/contactUs');
    await screen.findByRole('textbox', { name: 'Your name' });
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
    expect(document.querySelector('input[name="website"]')).toHaveAttribute('tabindex', '-1');
  });

  it("shows the server's refusal, in the interface's language", async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    server.fail('POST', /^\/contact$/, 429, '您在过去一小时内已发送 5 条留言，请稍后再试。');
    renderPages('/sts/contactUs');
    await user.type(await screen.findByRole('textbox', { name: '您的姓名' }), '林伟');
    await user.type(screen.getByRole('textbox', { name: '您的电子邮箱地址' }), 'lin@example.com');
    await user.type(screen.getByRole('textbox', { name: '您的留言' }), '你好。');
    await user.click(screen.getByRole('button', { name: '发送留言' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('您在过去一小时内已发送 5 条留言，请稍后再试。');
  });
});

describe('Contact us checks the form first', () => {
  it('says at once every field that needs a correction, and sends nothing until they are right', async () => {
    const user = userEvent.setup();
    renderPages('/sts/contactUs');
    await user.type(await screen.findByRole('textbox', { name: 'Your email address' }), 'lin@');
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please enter your name.', 'Please enter a valid email address, so that we can answer.', 'Please write your message.']);
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveFocus();
    expect(server.calls.filter((c) => c.path === '/contact')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Lin Wei');
    await user.type(screen.getByRole('textbox', { name: 'Your email address' }), 'example.com');
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello.');
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you.');
  });

  it('moves the focus to the first field to correct once its error is tied to it, so a screen reader reads both', async () => {
    const user = userEvent.setup();
    renderPages('/sts/contactUs');
    const name = await screen.findByRole('textbox', { name: 'Your name' });
    // What a screen reader reads at the moment the field takes the focus.
    const readOnFocus: string[] = [];
    name.addEventListener('focus', () => readOnFocus.push(`${name.getAttribute('aria-invalid')}: ${
      (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ')}`));
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(readOnFocus).toEqual(['true: Please enter your name.']);
  });

  it('says which fields must be filled in before they are sent, in both languages', async () => {
    renderPages('/sts/contactUs');
    for (const name of ['Your name', 'Your email address', 'Your message']) {
      expect(await screen.findByRole('textbox', { name })).toBeRequired();
    }
    await changeLanguage('zh-CN');
    try {
      for (const name of ['您的姓名', '您的电子邮箱地址', '您的留言']) expect(await screen.findByRole('textbox', { name })).toBeRequired();
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('contact messages in the admin shell', () => {
  it('lists the messages for system administrators, with a menu entry', async () => {
    server.messages.push({ id: 'm1', name: 'Lin Wei', email: 'lin@example.com', message: 'Line one\nLine two', language: 'zh-CN',
      createdAt: '2026-11-24T03:10:00.000Z', emailed: true });
    renderPages('/admin/contact-messages', SYSTEM_ADMIN_PROFILE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact messages' })).toBeInTheDocument();
    const message = await screen.findByRole('article', { name: 'Lin Wei <lin@example.com>' });
    expect(within(message).getByRole('link', { name: 'lin@example.com' })).toHaveAttribute('href', 'mailto:lin@example.com');
    expect(within(message).getByText(/Line one/)).toBeInTheDocument();
    expect(within(message).getByText('Emailed to the administrators')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Contact messages/ })).toHaveAttribute('href', '/admin/contact-messages');
  });

  it('says which messages could not be emailed', async () => {
    server.messages.push({ id: 'm2', name: 'Bo', email: 'bo@example.com', message: 'Hi', language: 'en',
      createdAt: '2026-11-24T03:11:00.000Z', emailed: false });
    renderPages('/admin/contact-messages', SYSTEM_ADMIN_PROFILE);
    const message = await screen.findByRole('article', { name: 'Bo <bo@example.com>' });
    expect(within(message).getByText('Not emailed (stored only)')).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    renderPages('/admin/contact-messages', SYSTEM_ADMIN_PROFILE);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('is not for other users', async () => {
    renderPages('/admin/contact-messages', VIEWER_PROFILE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Contact messages/ })).toBeNull();
    expect(server.calls.filter((call) => call.path === '/contact')).toEqual([]);
  });
});
