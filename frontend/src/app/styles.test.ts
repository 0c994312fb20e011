/**
 * What the styles promise the eye (the shell's, and a feature's where it says so), read from the stylesheets as a browser's cascade would apply them
 * (jsdom lays nothing out): which layer lies above which, and what a phone's header and the menu show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const SOURCE = join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src');
const PHONE = '(max-width: 47.99rem)';
const SMALL_PHONE = '(max-width: 480px)';

let rules: CSSRule[] = [];

beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = ['app/styles.css', 'shell/workspace.css', 'features/explorer/explorer.css'].map((file) => readFileSync(join(SOURCE, file), 'utf-8')).join('\n');
  document.head.append(style);
  rules = [...style.sheet!.cssRules];
});

/** The value of `property` for `selector` at a window matching the media queries given (the last rule wins). */
function applied(selector: string, property: string, ...media: string[]): string {
  let value = '';
  const visit = (list: CSSRule[]) => {
    for (const rule of list) {
      if (rule instanceof CSSMediaRule) {
        if (media.includes(rule.media.mediaText)) visit([...rule.cssRules]);
      } else if (rule instanceof CSSStyleRule && rule.selectorText.split(',').map((s) => s.trim()).includes(selector)) {
        value = rule.style.getPropertyValue(property) || value;
      }
    }
  };
  visit(rules);
  return value;
}

describe('layers', () => {
  it('put the "Sign in again" dialog above the dialogs of a page, and the toasts above both', () => {
    const page = Number(applied('.dialog-backdrop', 'z-index'));
    const session = Number(applied('.dialog-backdrop-session', 'z-index'));
    expect(session).toBeGreaterThan(page);
    expect(Number(applied('.toasts', 'z-index'))).toBeGreaterThan(session);
  });
});

describe('the header on a phone', () => {
  it("keeps the product's whole name, on two lines when the tools need the room, never squeezed away", () => {
    expect(applied('.brand', 'white-space', PHONE, SMALL_PHONE)).toBe('normal');
    expect(applied('.brand', 'text-overflow', PHONE, SMALL_PHONE)).toBe('clip');
    expect(applied('.brand', 'min-width', PHONE, SMALL_PHONE)).toBe('6rem');
  });

  it("lets the organization's name shrink with the room left, wider than before", () => {
    expect(applied('.header-tools', 'min-width', PHONE, SMALL_PHONE)).toMatch(/^0(px)?$/);
    expect(applied('.header-organization', 'min-width', PHONE, SMALL_PHONE)).toMatch(/^0(px)?$/);
    expect(applied('.ws-select-header', 'max-width', PHONE, SMALL_PHONE)).toBe('9rem');
  });
});

describe('the side menu', () => {
  it('wraps long labels instead of cutting them off', () => {
    expect(applied('.menu-link', 'white-space')).not.toBe('nowrap');
    expect(applied('.menu-group-title', 'white-space')).not.toBe('nowrap');
    expect(applied('.menu-label', 'text-overflow')).not.toBe('ellipsis');
  });
});

describe('tap targets on a touch screen', () => {
  const TOUCH = '(pointer: coarse)';

  it('are 44 px high for buttons, lists and fields there, the desktop keeping its density', () => {
    expect(applied('.button', 'min-height')).toBe('2.25rem');
    expect(applied('.button', 'min-height', TOUCH)).toBe('2.75rem');
    // A list standing alone (a member's role): styled like the form fields, not the browser's 19 px one.
    expect(applied('.ws-control', 'min-height')).toBe('2.25rem');
    expect(applied('.ws-control', 'border')).toMatch(/1px solid/);
    expect(applied('.ws-control', 'min-height', TOUCH)).toBe('2.75rem');
    expect(applied('.ws-field select', 'min-height', TOUCH)).toBe('2.75rem');
  });

  it('make a check box at least 24 px there (13 px was the browser’s), its label row 44 px', () => {
    expect(applied(".ws-check input[type='checkbox']", 'width')).toBe('1.1rem');
    expect(applied(".ws-check input[type='checkbox']", 'width', TOUCH)).toBe('1.5rem');
    expect(applied(".ws-check input[type='checkbox']", 'height', TOUCH)).toBe('1.5rem');
    expect(applied('.ws-check', 'min-height', TOUCH)).toBe('2.75rem');
    // The explorer table's box of a station (a walk on a phone measured 13 × 13 px).
    expect(applied(".station-table td input[type='checkbox']", 'width')).toBe('');
    expect(applied(".station-table td input[type='checkbox']", 'width', TOUCH)).toBe('1.5rem');
    expect(applied(".station-table td input[type='checkbox']", 'height', TOUCH)).toBe('1.5rem');
  });
});

describe('a table as cards on a phone', () => {
  it('writes a count beside its column’s name, not at the far edge of the card', () => {
    expect(applied('.card-table td.numeric', 'text-align', '(max-width: 640px)')).toBe('left');
  });
});

describe('the focus ring', () => {
  it("rings the focused item of a header menu (the language list, the user's menu), not only a pale background", () => {
    for (const selector of ['.dropdown-menu > li > a:focus-visible', '.dropdown-menu > li > button:focus-visible', ".dropdown-menu > li[role='option']:focus-visible"]) {
      expect(applied(selector, 'outline')).toMatch(/2px solid/);
    }
  });

  it("rings a date field while its calendar button has the focus (Tab's last stop in the field, which :focus-visible misses)", () => {
    expect(applied("input[type='date']:focus-within", 'outline')).toMatch(/2px solid/);
    expect(applied("input[type='date']:focus-within", 'outline-offset')).toBe('2px');
  });
});
