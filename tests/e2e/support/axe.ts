import axe from 'axe-core';
import type { Page } from '@playwright/test';

type Found = { id: string; impact?: string | null; help: string; targets: string[] };

/**
 * axe's serious and critical violations on the page as it is now, each as "where: rule (impact) help — nodes".
 * axe runs in the page itself, put there once per document: @axe-core/playwright's builder runs it in every frame
 * and finishes in a new blank page, 0.6-0.7 s a check against 0.1-0.2 s here, and the checks were most of the time
 * of the screens' browser tests. The product's own frames are none (the sign-in's silent check is the provider's).
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { resultTypes: ['violations'], iframes: false });
    return results.violations.map((v): Found => ({
      id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.targets.join(', ')}`);
}
