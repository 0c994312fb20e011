import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MarkdownNoteWidget } from './MarkdownNoteWidget';

describe('the note widget', () => {
  it('shows bold Chinese text next to full-width brackets without literal asterisks', () => {
    const { container } = renderWithProviders(<MarkdownNoteWidget config={{ text: '中文**加粗（测试）**文字' }} />);
    expect(screen.getByText('加粗（测试）').tagName).toBe('STRONG');
    expect(container.textContent).toBe('中文加粗（测试）文字');
  });
});
