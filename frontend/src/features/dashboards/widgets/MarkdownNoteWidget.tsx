import type { Components } from 'react-markdown';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../shell/Markdown';

/** Note headings sit below the widget's own title (h2). */
const components: Components = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6' };

/** The markdown note widget: the text of `config.text` as Markdown (shell/Markdown: raw HTML is never rendered). */
export function MarkdownNoteWidget({ config }: { config: Record<string, unknown> }) {
  const { t } = useTranslation();
  const text = typeof config.text === 'string' ? config.text : '';
  if (!text.trim()) return <p className="muted">{t('dashboards.widgets.note.empty')}</p>;
  return (
    <div className="markdown-note">
      <Markdown text={text} components={components} />
    </div>
  );
}

export default MarkdownNoteWidget;
