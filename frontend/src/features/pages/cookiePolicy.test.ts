/**
 * The cookie policy lists exactly what the SPA keeps in the browser: every key the code writes to
 * localStorage or sessionStorage (constants resolved to their values), the sign-in state store of
 * oidc-client-ts (its keys start with `oidc.`), and cookies (none); and it says truly how the product
 * starts once they are cleared (its default language, the menu collapsed below the auto-collapse width).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import i18n, { DEFAULT_LANGUAGE, initI18n } from '../../i18n';
import { AUTO_COLLAPSE_WIDTH, initialCollapsed } from '../../shell/menuState';
import { defaultText } from './test/fakePagesServer';

const SOURCE = join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every storage key the application code writes. */
function keysTheCodeWrites(): string[] {
  const sources = sourceFiles(SOURCE).map((path) => readFileSync(path, 'utf-8'));
  const all = sources.join('\n');
  const constant = (name: string) => all.match(new RegExp(`const ${name}\\s*=\\s*'([^']+)'`))?.[1] ?? `unresolved ${name}`;
  const keys = new Set<string>();
  for (const source of sources) {
    // A key made of a constant and more (`PREFIX + name`) is listed as the prefix and a star.
    for (const [, argument, joined] of source.matchAll(/(?:local|session)Storage\??\.setItem\(\s*([\w$]+|'[^']*')(\s*\+)?/g)) {
      keys.add((argument.startsWith("'") ? argument.slice(1, -1) : constant(argument)) + (joined ? '*' : ''));
    }
    // oidc-client-ts keeps its sign-in state under its default prefix `oidc.` unless told otherwise.
    for (const [options] of source.matchAll(/new WebStorageStateStore\(\{[^}]*\}\)/g)) {
      if (/(local|session)Storage/.test(options)) keys.add(/prefix:\s*'([^']+)'/.exec(options)?.[1].concat('*') ?? 'oidc.*');
    }
    if (/document\.cookie\s*=/.test(source)) keys.add('a cookie');
  }
  return [...keys].sort();
}

/** The keys the policy lists (the code-formatted name that starts each item of its list). */
function keysThePolicyLists(lang: string): string[] {
  return [...defaultText('cookies', lang).matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]).sort();
}

describe('the cookie policy', () => {
  it('finds the keys the code writes', () => {
    expect(keysTheCodeWrites()).toEqual(expect.arrayContaining(['app-locale', 'app-menu-collapsed', 'oidc.*']));
  });

  it.each(['en', 'zh-CN'])('in %s lists exactly the keys the code writes, and says no cookie is set', (lang) => {
    expect(keysThePolicyLists(lang)).toEqual(keysTheCodeWrites());
    expect(keysTheCodeWrites()).not.toContain('a cookie');
  });

  it.each(['en', 'zh-CN'])('in %s says the product starts in its default language with the menu collapsed on narrower windows', async (lang) => {
    // What the product does with nothing stored: its default language (not the browser's), the menu collapsed below the width.
    localStorage.clear();
    await initI18n();
    expect(i18n.language).toBe(DEFAULT_LANGUAGE);
    expect([initialCollapsed(null, AUTO_COLLAPSE_WIDTH - 1), initialCollapsed(null, AUTO_COLLAPSE_WIDTH)]).toEqual([true, false]);

    const removal = defaultText('cookies', lang).split(/^## /m).at(-1)!;
    expect(removal).toContain(new Intl.DisplayNames([lang], { type: 'language' }).of(DEFAULT_LANGUAGE));
    expect(removal).toContain(`${AUTO_COLLAPSE_WIDTH} `);
    expect(removal).toMatch(lang === 'en' ? /menu collapsed on a window narrower than/ : /小于 \d+ 像素时侧边菜单为折叠状态/);
    expect(removal).not.toMatch(lang === 'en' ? /in the browser's language|menu open\./ : /以浏览器的语言启动|菜单为展开状态。/);
  });
});
