import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import type { ImportLog } from '../api/types';
import { importLog } from '../test/fakeImportServer';
import { ImportResult } from './ImportResult';

/** When the server last answered the import followed: by default never (the result shown alone). */
const answered = vi.hoisted(() => ({ at: undefined as number | undefined }));
vi.mock('../api/imports', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/imports')>()),
  lastAnswered: () => answered.at,
}));

/** The time the tests start at; the clock moves only as they say (fake timers). */
const T0 = Date.parse('2026-11-24T03:10:00.000Z');
const ago = (seconds: number) => new Date(T0 - seconds * 1000).toISOString();
const en = (n: number) => new Intl.NumberFormat('en').format(n);

let show: (log: ImportLog) => void = () => undefined;

/** The result as the panel holds it: the import as last answered, changed by `show` (a poll's new answer). */
function Followed({ first }: { first: ImportLog }) {
  const [log, setLog] = useState(first);
  show = setLog;
  return <ImportResult log={log} number={en} onCancel={() => undefined} />;
}

function follow(first: ImportLog) {
  return renderWithProviders(<Followed first={first} />);
}

/** The clock moves on `seconds` (the result looks again every 10 s), then, if given, the next answer comes. */
function later(seconds: number, next?: ImportLog) {
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });
  if (next) act(() => show(next));
}

/** The line under the bar: rows, part done and the time left (or what the import does meanwhile). */
const line = () => screen.getByText(/ rows (read|·)|行/, { selector: 'p' }).textContent;

beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
});

afterEach(async () => {
  answered.at = undefined;
  vi.useRealTimers();
  await changeLanguage('en');
});

describe('a running import that stops moving (its worker died)', () => {
  /** A file read by bytes (its row count not known yet): 0.14% of it every second, 5 min since it started. */
  const at = (seconds: number, rowsDone: number) =>
    importLog({ status: 'running', rowsDone, rowsImported: rowsDone, progress: 0.42 + 0.0014 * seconds, startedAt: ago(300) });

  it('says it has made no progress instead of a growing time left, that it continues by itself and nothing is lost', () => {
    follow(at(0, 41_000));
    later(10, at(10, 42_000));
    expect(line()).toBe('42,000 rows read · 43% done · about 7 min left for the rows, then the station summaries are updated');

    // The worker dies: the same answer every second from now on.
    later(60);
    expect(line()).toBe('42,000 rows read · 43% done · about 7 min left for the rows, then the station summaries are updated');
    expect(screen.queryByText(/^No progress/)).not.toBeInTheDocument();

    later(60);
    expect(line()).toBe('42,000 rows read · 43% done');
    expect(screen.getByText(/^No progress/)).toHaveTextContent(
      'No progress for 2 min: the import continues by itself, within minutes, once its worker restarts. Nothing is lost.');
    // The bar stays as it was, and the import may still be cancelled.
    expect(screen.getByRole('progressbar', { name: 'Import' })).toHaveAttribute('value', String(0.42 + 0.0014 * 10));
    expect(screen.getByRole('button', { name: 'Cancel the import' })).toBeInTheDocument();
    // Said once to screen readers, in words that do not change each minute.
    const announced = screen.getByText(/^The import has made no progress for a while\./);
    expect(announced).toHaveAttribute('aria-live', 'polite');
    expect(announced).toHaveTextContent(
      'The import has made no progress for a while. It continues by itself, within minutes, once its worker restarts. Nothing is lost.');

    later(180);
    expect(screen.getByText(/^No progress/)).toHaveTextContent(/^No progress for 5 min: /);
    expect(line()).not.toMatch(/left/);

    // A new worker takes it up: it moves on again, and the notice goes.
    later(1, at(11, 42_100));
    expect(screen.queryByText(/^No progress/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^The import has made no progress/)).not.toBeInTheDocument();
    // Its pace from before the stall says nothing of now: a time left only once it has been seen moving a while.
    expect(line()).toBe('42,100 rows read · 44% done');
    later(10, at(21, 43_000));
    later(10, at(31, 44_000));
    expect(line()).toBe('44,000 rows read · 46% done · about 7 min left for the rows, then the station summaries are updated');
  });

  it('says so in Chinese', async () => {
    await changeLanguage('zh-CN');
    follow(at(0, 41_000));
    later(130);
    expect(screen.getByText(/没有进展/, { selector: '.imports-stalled' })).toHaveTextContent(
      '已 2 分钟没有进展：导入的工作进程重新启动后，导入会在几分钟内自动继续。数据不会丢失。');
  });

  it('waits longer while the station summaries are updated (nothing of the log moves then), as long as the rows took', () => {
    // The rows took 10 min; then the summaries, which show no progress of their own.
    follow(importLog({ status: 'running', rowsTotal: 9000, rowsDone: 8000, rowsImported: 8000, startedAt: ago(590) }));
    later(10, importLog({ status: 'running', rowsTotal: 9000, rowsDone: 9000, rowsImported: 9000, startedAt: ago(590) }));
    expect(line()).toBe('9,000 of 9,000 rows · 100% done · updating the summaries of the stations');
    later(300);
    expect(screen.queryByText(/^No progress/)).not.toBeInTheDocument();
    later(310);
    expect(screen.getByText(/^No progress/)).toHaveTextContent(/^No progress for 10 min: /);
  });

  it('says nothing while the server is not heard from (offline, or a hidden tab not asking): its progress is not known', () => {
    follow(at(0, 41_000));
    answered.at = T0 + 30_000;
    later(300);
    expect(screen.queryByText(/^No progress/)).not.toBeInTheDocument();
    expect(line()).toMatch(/^41,000 rows read · 42% done/);
    // Answers again, the same: now it is known to have made no progress.
    answered.at = T0 + 301_000;
    later(10);
    expect(screen.getByText(/^No progress/)).toHaveTextContent(/^No progress for 5 min: /);
  });

  it('says nothing of a queued import that waits for a worker', () => {
    follow(importLog({ status: 'queued' }));
    later(600);
    expect(screen.queryByText(/^No progress/)).not.toBeInTheDocument();
  });
});

describe('the time left of a running import', () => {
  it('is not said before a tenth of the file is done', () => {
    follow(importLog({ status: 'running', rowsTotal: 20_000, rowsDone: 1000, rowsImported: 1000, startedAt: ago(120) }));
    later(10, importLog({ status: 'running', rowsTotal: 20_000, rowsDone: 1900, rowsImported: 1900, startedAt: ago(120) }));
    expect(line()).toBe('1,900 of 20,000 rows · 10% done');
  });

  it('is not said in the first 15 seconds of the import', () => {
    follow(importLog({ status: 'running', rowsTotal: 1000, rowsDone: 500, rowsImported: 500, startedAt: ago(5) }));
    expect(line()).toBe('500 of 1,000 rows · 50% done');
    later(5, importLog({ status: 'running', rowsTotal: 1000, rowsDone: 600, rowsImported: 600, startedAt: ago(5) }));
    expect(line()).toBe('600 of 1,000 rows · 60% done');
  });

  it('goes down one step an update when the import speeds up, and says summaries follow the rows instead of promising less than a minute', () => {
    const at = (rowsDone: number) => importLog({ status: 'running', rowsTotal: 10_000, rowsDone, rowsImported: rowsDone, startedAt: ago(60) });
    // A fifth done in a minute: 4 min left.
    follow(at(2000));
    expect(line()).toBe('2,000 of 10,000 rows · 20% done · about 4 min left for the rows, then the station summaries are updated');
    // A burst: seconds left by the pace now, said a step at a time.
    later(10, at(8000));
    expect(line()).toMatch(/ · about 3 min left for the rows, then the station summaries are updated$/);
    later(1, at(8100));
    expect(line()).toMatch(/ · about 2 min left for the rows/);
    later(1, at(8200));
    expect(line()).toMatch(/ · less than a minute left for the rows, then the station summaries are updated$/);
    later(1, at(8300));
    expect(line()).toMatch(/ · less than a minute left for the rows, then the station summaries are updated$/);
  });

  it('says just the time left of a dry run (it updates no summaries)', () => {
    const at = (rowsDone: number) => importLog({ dryRun: true, status: 'running', rowsTotal: 1000, rowsDone, rowsImported: rowsDone, startedAt: ago(60) });
    follow(at(800));
    expect(line()).toBe('800 of 1,000 rows · 80% done · less than a minute left');
  });

  it('does not grow while no answer moves on, and is said in Chinese', async () => {
    await changeLanguage('zh-CN');
    follow(importLog({ status: 'running', rowsTotal: 10_000, rowsDone: 2000, rowsImported: 2000, startedAt: ago(60) }));
    expect(line()).toBe('2,000 / 10,000 行 · 已完成 20% · 数据行约剩 4 分钟，之后更新站点摘要');
    later(90);
    expect(line()).toBe('2,000 / 10,000 行 · 已完成 20% · 数据行约剩 4 分钟，之后更新站点摘要');
  });
});

describe('a cancelled import whose worker is still on it', () => {
  it.each([
    ['en', importLog({ status: 'cancelled', settled: false, rowsDone: 6000, rowsImported: 6000, progress: 0.4 }), 'results.csv: Stopping…',
      '6,000 rows read · 40% done · finishing the rows being written and updating the station summaries'],
    ['en', importLog({ dryRun: true, status: 'cancelled', settled: false, rowsDone: 10 }), 'results.csv: Stopping the check…',
      '10 rows read · finishing the rows being checked'],
    ['en', importLog({ detectedFormat: 'wqp-station', status: 'cancelled', settled: false, rowsDone: 10 }), 'results.csv: Stopping…',
      '10 rows read · finishing the rows being written'],
    ['zh-CN', importLog({ status: 'cancelled', settled: false, rowsDone: 6000, rowsImported: 6000, progress: 0.4 }), 'results.csv：正在停止…',
      '已读取 6,000 行 · 已完成 40% · 正在完成写入中的行并更新站点摘要'],
  ] as const)('says it finishes the rows being written and updates the station summaries, not only counting rows (%s)', async (language, log, heading, said) => {
    await changeLanguage(language);
    follow(log);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(line()).toBe(said);
    // It stops by itself: no time left, no cancel, and never "no progress" (its count may stay put a while).
    later(600);
    expect(line()).toBe(said);
    expect(screen.queryByRole('button', { name: /Cancel|取消/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^No progress|没有进展/)).not.toBeInTheDocument();
  });
});

describe('a long import', () => {
  const LEAVE = 'You may leave this page: the import goes on without it, and you will get an email saying how it ended.';
  const running = (rowsDone: number, extra: Partial<ImportLog> = {}) =>
    importLog({ status: 'running', rowsTotal: 10_000, rowsDone, rowsImported: rowsDone, startedAt: ago(60), createdAt: ago(60), ...extra });

  it('says its sender may leave and will be emailed once it will take two minutes or more, and stays said', () => {
    const short = follow(running(9000));
    expect(line()).toMatch(/less than a minute left/);
    expect(screen.queryByText(LEAVE)).not.toBeInTheDocument();
    short.unmount();

    const long = follow(running(2000));
    expect(line()).toMatch(/about 4 min left/);
    expect(screen.getByText(LEAVE)).toBeInTheDocument();
    long.unmount();
    // Queued two minutes ago or more: emailed whatever is left.
    follow(running(9000, { createdAt: ago(150) }));
    expect(line()).toMatch(/less than a minute left/);
    expect(screen.getByText(LEAVE)).toBeInTheDocument();
  });

  it("says nothing of an email for a source's scheduled run, and says it in Chinese", async () => {
    const scheduled = follow(running(2000, { trigger: 'schedule' }));
    expect(screen.queryByText(LEAVE)).not.toBeInTheDocument();
    scheduled.unmount();
    await act(() => changeLanguage('zh-CN'));
    follow(running(2000));
    expect(screen.getByText('您可以离开此页面：导入不会因此中断，结束后会有电子邮件告诉您结果。')).toBeInTheDocument();
  });
});

describe('an import whose file came with a zone for its times without one', () => {
  const ended = (timeZone: string | null) =>
    importLog({ status: 'succeeded', settled: true, rowsTotal: 3, rowsDone: 3, rowsImported: 3, timeZone });

  it('says the zone they were read in, in both languages, and nothing when none was chosen', async () => {
    const none = follow(ended(null));
    expect(screen.queryByText(/^Times without a zone/)).not.toBeInTheDocument();
    none.unmount();
    follow(ended('UTC+08:00'));
    expect(screen.getByText('Times without a zone read as: UTC+08:00')).toBeInTheDocument();
    await act(() => changeLanguage('zh-CN'));
    expect(screen.getByText('无时区的时间按此时区读取：UTC+08:00')).toBeInTheDocument();
  });
});
