import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { PageNav } from './PageNav';

function Paged() {
  const [page, setPage] = useState(1);
  return <PageNav label="Pages of the list" page={page} pageCount={3} onPage={setPage} />;
}

describe('PageNav', () => {
  it('says the new page when Next is pressed, the focus staying on Next (a live region), in both languages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Paged />);
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(next).toHaveFocus();
    expect(screen.getByText('Page 2 of 3')).toHaveAttribute('aria-live', 'polite');

    await changeLanguage('zh-CN');
    try {
      expect(await screen.findByText('第 2 页，共 3 页')).toHaveAttribute('aria-live', 'polite');
    } finally {
      await changeLanguage('en');
    }
  });
});
