import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { cutShort, fieldChanges, fieldLabel, userAgentSummary, valueText } from './auditText';

const t = i18n.getFixedT('en');

describe('the audit trail in words', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.0.0 Safari/537.36 Edg/159.0.2', 'Edge 159 on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17 on iOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome 131 on Android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox 140 on macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) SomeEngine/1.0', 'A browser on Linux'],
    ['curl/8.5.0', 'curl 8'],
    ['python-requests/2.32.3', 'python-requests 2'],
  ])('names %s as "%s"', (agent, name) => {
    expect(userAgentSummary(t, agent)).toBe(name);
  });

  it('says the user agent in Chinese as the browser with its system in brackets, known or not', () => {
    const zh = i18n.getFixedT('zh-CN');
    expect(userAgentSummary(zh, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe('Firefox 140（macOS）');
    expect(userAgentSummary(zh, 'Mozilla/5.0 (X11; Linux x86_64) SomeEngine/1.0')).toBe('某浏览器（Linux）');
    expect(userAgentSummary(zh, 'curl/8.5.0')).toBe('curl 8');
  });

  it('pairs the fields of before and after; a side the entry does not record is absent', () => {
    expect(fieldChanges({ version: 1 }, { version: 2, restoredFrom: 0 })).toEqual([
      { field: 'version', before: { value: 1 }, after: { value: 2 } },
      { field: 'restoredFrom', before: { value: undefined }, after: { value: 0 } },
    ]);
    expect(fieldChanges(null, { roleName: 'simple-user' })).toEqual([{ field: 'roleName', before: undefined, after: { value: 'simple-user' } }]);
  });

  it('cuts a long value to one line of 60 characters', () => {
    expect(cutShort('short\n\ntext')).toBeNull();
    expect(cutShort('x'.repeat(61))).toBe(`${'x'.repeat(59)}…`);
  });

  it("shows a recorded moment as the entry's own time is shown, in the browser's zone and the interface language", () => {
    const zh = i18n.getFixedT('zh-CN');
    const at = '2026-11-27T18:22:21.541Z';
    expect(valueText(zh, 'privateKeySetAt', at, 'wqxAccount', 'zh-CN')).toBe(formatDateTime(at, 'zh-CN'));
    expect(valueText(t, 'updatedAt', at, 'wqxAccount', 'en')).toBe(formatDateTime(at, 'en'));
    expect(valueText(t, 'updatedAt', at, 'wqxAccount', 'en')).not.toContain('T18');
    // A day, or a text that merely starts like a date, stays as it is.
    expect(valueText(t, 'value', '2021-05-01', 'parameter', 'en')).toBe('2021-05-01');
    expect(valueText(t, 'text', '2021-05-01T12:00 was the day', 'note', 'en')).toBe('2021-05-01T12:00 was the day');
  });

  it('names the time of a change in both languages', () => {
    expect(fieldLabel(t, 'updatedAt')).toBe('Changed at');
    expect(fieldLabel(i18n.getFixedT('zh-CN'), 'updatedAt')).toBe('更改时间');
  });
});
