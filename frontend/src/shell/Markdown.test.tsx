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
    const { container } = render(<Markdown text={'<b>raw</b> [x](javascript:alert(1))'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').toBe('');
  });
});
