import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { COMMIT_AFTER_MS, DateRangeFields, isPlausibleDay } from './DateRangeFields';

/** The pause after which a whole date typed is committed. */
const pause = () => act(() => new Promise((done) => setTimeout(done, COMMIT_AFTER_MS + 50)));

/** The fields over a range held as the address would hold it; `set` changes it from outside (Back, Clear filters). */
function renderRange(initial: { from: string; to: string }) {
  const committed: [string, string][] = [];
  let set!: (range: { from: string; to: string }) => void;
  function Harness() {
    const [range, setRange] = useState(initial);
    set = setRange;
    return (
      <DateRangeFields
        legend="Sampled between"
        fromLabel="From"
        toLabel="To"
        from={range.from}
        to={range.to}
        onChange={(end, value) => {
          committed.push([end, value]);
          setRange((r) => ({ ...r, [end]: value }));
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return { committed, set: (range: { from: string; to: string }) => act(() => set(range)) };
}

describe('date range fields', () => {
  it('keep a date being typed in the field and commit it only once it is a whole, plausible date and the typing pauses', async () => {
    const { committed } = renderRange({ from: '', to: '' });
    const from = screen.getByLabelText('From') as HTMLInputElement;
    // Typing 03152020: the browser reports the year as typed so far.
    fireEvent.change(from, { target: { value: '0002-03-15' } });
    expect(from).toHaveValue('0002-03-15');
    fireEvent.change(from, { target: { value: '0020-03-15' } });
    fireEvent.change(from, { target: { value: '0202-03-15' } });
    expect(from).toHaveValue('0202-03-15');
    expect(committed).toEqual([]);
    fireEvent.change(from, { target: { value: '2020-03-15' } });
    expect(committed).toEqual([]);
    await pause();
    expect(committed).toEqual([['from', '2020-03-15']]);
    expect(from).toHaveValue('2020-03-15');
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2020-03-15');
    // Typing over a whole date goes through other whole dates: only the one typed last is committed.
    fireEvent.change(from, { target: { value: '2020-03-02' } });
    fireEvent.change(from, { target: { value: '2020-03-25' } });
    await pause();
    expect(committed).toEqual([['from', '2020-03-15'], ['from', '2020-03-25']]);
  });

  it('commit what is typed on Enter or on leaving the field, at once; an emptied field at once; a year before 1800 never', () => {
    const { committed } = renderRange({ from: '2020-03-15', to: '' });
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2019-03-15' } });
    fireEvent.keyDown(from, { key: 'Enter' });
    expect(committed).toEqual([['from', '2019-03-15']]);
    fireEvent.change(from, { target: { value: '' } });
    expect(committed).toEqual([['from', '2019-03-15'], ['from', '']]);
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '2021-01-01' } });
    fireEvent.blur(to);
    expect(committed.at(-1)).toEqual(['to', '2021-01-01']);
    // A year the browser was still typing (0015 of 2015) goes back to the committed date when the field is left.
    fireEvent.change(to, { target: { value: '0015-01-01' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    fireEvent.blur(to);
    expect(committed.at(-1)).toEqual(['to', '2021-01-01']);
    expect(to).toHaveValue('2021-01-01');
  });

  it('show a range changed from outside (Back, Clear filters), over what was being typed', () => {
    const { committed, set } = renderRange({ from: '2020-03-15', to: '' });
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '0002-03-15' } });
    set({ from: '2019-01-01', to: '2019-12-31' });
    expect(from).toHaveValue('2019-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2019-12-31');
    set({ from: '', to: '' });
    expect(from).toHaveValue('');
    // Leaving the field untouched since commits nothing.
    fireEvent.blur(from);
    expect(committed).toEqual([]);
  });

  it('say which value of the address is not a date, as the field cannot show it; in Chinese too', async () => {
    const { committed } = renderRange({ from: '2024-13-45', to: '' });
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('“2024-13-45” in the address is not a date; choose a date.');
    expect(screen.getByLabelText('To')).not.toHaveAttribute('min');
    // Passing through the field does not drop it.
    fireEvent.focus(from);
    fireEvent.blur(from);
    expect(committed).toEqual([]);
    await act(() => changeLanguage('zh-CN'));
    expect(from).toHaveAccessibleDescription('地址中的“2024-13-45”不是日期，请选择日期。');
    await act(() => changeLanguage('en'));
    fireEvent.change(from, { target: { value: '2024-12-25' } });
    await pause();
    expect(committed).toEqual([['from', '2024-12-25']]);
    expect(from).not.toHaveAttribute('aria-invalid');
  });

  it('take a year from 1800 with four digits as typed to the end', () => {
    expect(['2020-03-15', '1800-01-01', '9999-12-31'].map(isPlausibleDay)).toEqual([true, true, true]);
    expect(['0202-03-15', '1799-12-31', '2021-02-30', '', '2020-3-15'].map(isPlausibleDay)).toEqual([false, false, false, false, false]);
  });
});
