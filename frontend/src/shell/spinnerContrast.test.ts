/**
 * The spinner's 'Loading...' is text, so WCAG AA's 4.5:1 applies to it (axe color-contrast) wherever it
 * shows: on the page, on a white surface, and inside a list faded to 60 % while it loads (the
 * administration tables fade their rows so).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src', 'app', 'styles.css'), 'utf-8');

/** A declaration of the first rule with exactly this selector, custom properties resolved. */
function declared(selector: string, property: string): string {
  const rule = css.match(new RegExp(`(^|\\n)${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{([^}]*)\\}`));
  const body = (rule?.[2] ?? '').replace(/\/\*[\s\S]*?\*\//g, '');
  const value = body.match(new RegExp(`(^|[;\\s])${property}\\s*:\\s*([^;]+);`))?.[2]?.trim();
  if (!value) throw new Error(`${selector} declares no ${property}`);
  const variable = value.match(/^var\((--[\w-]+)(?:,\s*([^)]+))?\)$/);
  return variable ? declared(':root', variable[1]!) : value;
}

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour `fg` shows in over `bg` at this opacity. */
const faded = (fg: Rgb, bg: Rgb, opacity: number): Rgb => fg.map((c, i) => c * opacity + bg[i]! * (1 - opacity)) as Rgb;

describe("the spinner's 'Loading...'", () => {
  const text = rgb(declared('.spinner-box', 'color'));
  const page = rgb(declared(':root', '--color-bg'));
  const surface = rgb(declared(':root', '--color-surface'));

  it('reaches 4.5:1 on the page and on a surface', () => {
    expect(contrast(text, page)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('reaches 4.5:1 inside a list faded to 60 % while it loads', () => {
    expect(contrast(faded(text, surface, 0.6), surface)).toBeGreaterThanOrEqual(4.5);
  });
});
