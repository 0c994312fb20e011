import { Markdown } from '../../../shell/Markdown';

/** A page's Markdown (shell/Markdown: no raw HTML, no unsafe links, emphasis that works in Chinese). */
export function PageMarkdown({ text }: { text: string }) {
  return (
    <div className="page-markdown">
      <Markdown text={text} />
    </div>
  );
}
