import { describe, expect, it } from 'vitest';
import i18n, { changeLanguage, initI18n, LANGUAGE_STORAGE_KEY, LANGUAGES, resources } from '.';

type Tree = { [key: string]: string | Tree };

/** Every leaf key as a dotted path, e.g. system.info.version. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function leaves(tree: Tree): [string, string][] {
  return keysOf(tree).map((key) => [key, key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part], tree) as string]);
}

const languages = Object.keys(resources) as (keyof typeof resources)[];

describe('translation resources', () => {
  it('offer exactly English and Simplified Chinese, each labelled in its own script', () => {
    expect(languages).toEqual(['en', 'zh-CN']);
    expect(LANGUAGES).toEqual([
      { lang: 'en', label: 'English' },
      { lang: 'zh-CN', label: '简体中文' },
    ]);
  });

  for (const lang of languages) {
    for (const other of languages.filter((l) => l !== lang)) {
      it(`have every ${lang} key in ${other}`, () => {
        const missing = keysOf(resources[lang].translation as Tree).filter(
          (key) => !keysOf(resources[other].translation as Tree).includes(key),
        );
        expect(missing, `keys missing in ${other}`).toEqual([]);
      });
    }

    it(`have no empty ${lang} message`, () => {
      const empty = leaves(resources[lang].translation as Tree).filter(([, value]) => !value.trim());
      expect(empty).toEqual([]);
    });
  }

  it('use the same {{placeholders}} in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const en = Object.fromEntries(leaves(resources.en.translation as Tree));
    for (const [key, value] of leaves(resources['zh-CN'].translation as Tree)) {
      expect(placeholders(value), key).toEqual(placeholders(en[key] ?? ''));
    }
  });
});

describe('language switch', () => {
  it('starts in English and sets <html lang="en">', async () => {
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('common.loading')).toBe('Loading...');
  });

  it('switches the language and <html lang>, and remembers the choice', async () => {
    await changeLanguage('zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(i18n.t('system.info.version')).toBe('版本');
  });

  it('starts in the remembered language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-CN');
    await initI18n();
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('ignores an unknown remembered language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    await initI18n();
    expect(i18n.language).toBe('en');
  });
});

describe('counts', () => {
  it('say one thing in the singular and several in the plural, with digit grouping', async () => {
    await initI18n('en');
    expect(i18n.t('explorer.stationCount', { count: 1 })).toBe('1 station');
    expect(i18n.t('explorer.stationCount', { count: 2006 })).toBe('2,006 stations');
    expect(i18n.t('explorer.sampleCount', { count: 1 })).toBe('1 sample');
    expect(i18n.t('explorer.sampleCount', { count: 480 })).toBe('480 samples');
    expect(i18n.t('explorer.map.cluster', { count: 1 })).toBe('1 station: click to zoom in');
    expect(i18n.t('dashboards.widgets.stationTable.shown', { shown: 1, count: 1 })).toBe('1 of 1 station');
    await changeLanguage('zh-CN');
    expect(i18n.t('explorer.stationCount', { count: 1 })).toBe('1 个站点');
    expect(i18n.t('explorer.sampleCount', { count: 2006 })).toBe('2,006 个样品');
    await changeLanguage('en');
  });
});
