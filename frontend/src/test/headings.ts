import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The headings of the page shown (the section of its h1, not the app's header or menu) as someone moving by
 * headings meets them, "h2 Members", once the page has loaded (no "Loading..." left in it).
 */
export async function pageOutline(): Promise<string[]> {
  const page = (await screen.findByRole('heading', { level: 1 })).closest('section')!;
  await waitFor(() => expect(within(page).queryAllByRole('status').filter((status) => status.textContent)).toEqual([]), { timeout: 5000 });
  return within(page).getAllByRole('heading').map((heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`);
}
