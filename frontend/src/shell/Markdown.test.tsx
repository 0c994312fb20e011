import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

/** The <strong> elements of a rendered text, and whether any asterisk was left over. */
function rendered(text: string) {
  const { container } = render(<Markdown text={text} />);
  return { strong: [...container.querySelectorAll('strong')].map((s) => s.textContent), text: container.textContent ?? '' };
}

describe('Markdown', () => {
  it('emphasises Chinese text whose bold ends in full-width punctuation (CommonMark leaves the ** there)', () => {
    const mission = rendered('志愿者团体……从未到达需要它们的人手中。**开放水数据（Open Water Data）**为这些监测工作提供一个共同的家。');
    expect(mission.strong).toEqual(['开放水数据（Open Water Data）']);
    expect(mission.text).not.toContain('*');

    const note = rendered('中文**加粗（测试）**文字');
    expect(note.strong).toEqual(['加粗（测试）']);
    expect(note.text).toBe('中文加粗（测试）文字');
  });

  it('keeps English emphasis as CommonMark has it', () => {
    expect(rendered('Sampling on **Monday** and *Tuesday*.').strong).toEqual(['Monday']);
  });

  it('drops raw HTML and unsafe links', () => {
    const { container } = render(<Markdown text={'<b>raw</b> [x](javascript:alert(1)) and [site](https://example.org)'} />);
    expect(container.querySelector('b')).toBeNull();
    // The unsafe link is its text alone (an empty link had led to the home page); a safe one stays a link.
    expect([...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['site', 'https://example.org']]);
    expect(container).toHaveTextContent('raw x and site');
  });

  it('drops what is inside script and style elements, not only their tags', () => {
    const inline = rendered('Before <script>alert(1)</script> after, <STYLE type="text/css">body { display: none }</STYLE>end.');
    expect(inline.text).toBe('Before  after, end.');

    const nested = rendered('*a <script>alert(1)* and more</script> b*');
    expect(nested.text).not.toMatch(/alert|more/);
    expect(nested.text).toContain(' b');

    const block = rendered('First.\n\n<script>\nalert(2)\n</script>\n\n<style>p { color: red }</style>\n\nLast.');
    expect(block.text.replace(/\s+/g, ' ')).toBe('First. Last.');

    // An unclosed script takes the rest of its paragraph, not the rest of the text.
    const unclosed = rendered('One <script>alert(3)\n\nTwo.');
    expect(unclosed.text).not.toContain('alert');
    expect(unclosed.text).toContain('Two.');
    // Talking about the tags in code keeps them.
    expect(rendered('Use `<script>` with care.').text).toBe('Use <script> with care.');
  });

  // GitHub-style tables need remark-gfm, which is not installed (react-markdown has no table support of its
  // own): once it is a dependency and in Markdown.tsx's remarkPlugins, this test runs.
  it('renders GitHub-style tables, each in a box that scrolls sideways', () => {
    const { container } = render(<Markdown text={'| Parameter | Unit |\n| --- | :-: |\n| pH | – |\n| Temperature | °C |'} />);
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Parameter', 'Unit']);
    expect([...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
      .toEqual([['pH', '–'], ['Temperature', '°C']]);
    expect(container.textContent).not.toContain('|');
    expect(container.querySelector('table')?.parentElement).toHaveClass('markdown-table');
  });
});
