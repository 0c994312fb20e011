import { expect, test } from '@playwright/test';
import { newProjectImports } from './support/projects';

/**
 * A Chinese volunteer group's coordinator (walks of 2026-11-27 and -28), in 简体中文: the group's sheet writes its
 * times in Beijing time, as "UTC+8" or "北京时间", which WQX's zone codes have no name for; one row says "CST", which
 * WQX reads as US Central time. The times written with an offset are taken, the CST row is refused with a reason in
 * Chinese that says what to write, and the parameter the sheet named is found by its Chinese name.
 */
test('a coordinator in Chinese imports a sheet in Beijing time; a US zone is refused saying what to write; 溶解氧 finds the parameter', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const station = `QX-${run}`;
  await newProjectImports(page, `Qingxi volunteers ${run}`);
  await page.evaluate(() => localStorage.setItem('app-locale', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '导入数据' })).toBeVisible();

  const sheet = [
    'StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit',
    `${station},Qingxi upstream,30.2741,120.1551,2026-03-05,09:30,UTC+8,Dissolved oxygen (DO),8.1,mg/L`,
    `${station},,,,2026-03-06,09:30,北京时间,Dissolved oxygen (DO),7.9,mg/L`,
    `${station},,,,2026-03-07,09:30,CST,Dissolved oxygen (DO),7.5,mg/L`,
  ].join('\n') + '\n';
  await page.locator('.imports-panel input[type="file"]').setInputFiles({
    name: 'qingxi.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet),
  });
  await expect(page.getByText(/^已选择：qingxi\.csv/)).toBeVisible();
  await page.getByRole('button', { name: '导入', exact: true }).click();

  const result = page.locator('.imports-result');
  await expect(result).toContainText('qingxi.csv', { timeout: 120_000 });
  await expect(result).toContainText('已导入（有被拒绝的行）');
  const count = async (term: string) => (await result.locator('dl div', { has: page.getByText(term, { exact: true }) }).locator('dd').textContent())?.trim();
  expect(await count('已导入的值')).toBe('2');
  expect(await count('被拒绝的行')).toBe('1');

  const rejected = page.getByRole('region', { name: '被拒绝的 1 行中共有 1 个问题' });
  await expect(rejected.getByRole('cell', { name: 'CST', exact: true })).toBeVisible();
  await expect(rejected.getByRole('cell', { name: /^时区“CST”为 UTC-06:00，但站点“QX-/ })).toContainText(
    '请填写读取时间时所用的时区，例如中国填写 UTC+08:00（CST 是美国中部标准时间）。',
  );

  // The parameter the sheet named, found among the portal's by its Chinese name and named in both.
  await page.getByRole('navigation', { name: '项目栏目' }).getByRole('link', { name: '参数' }).click();
  await expect(page.getByText('溶解氧 · Dissolved oxygen (DO)').first()).toBeVisible();
  await page.getByRole('button', { name: '选择参数' }).click();
  await page.getByRole('searchbox', { name: '筛选参数' }).fill('溶解氧');
  await expect(page.getByRole('checkbox', { name: /^溶解氧 · Dissolved oxygen \(DO\)/ })).toBeChecked();
});
