import { lazy } from 'react';
import type { WidgetType } from '../../../shell/registry';

/** The markdown note widget's component name; its config is `{text}`. */
export const MARKDOWN_NOTE = 'markdown-note';

/** react-markdown loads only when a note is shown. */
const MarkdownNoteWidget = lazy(() => import('./MarkdownNoteWidget'));

export const markdownNoteWidget: WidgetType = {
  component: MARKDOWN_NOTE,
  title: 'dashboards.widgets.note.title',
  render: MarkdownNoteWidget,
  shareable: { text: '' },
};
