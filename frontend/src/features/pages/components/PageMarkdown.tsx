import Markdown from 'react-markdown';

/**
 * A page's Markdown. Raw HTML in the text is dropped (skipHtml, and no rehype-raw), and
 * react-markdown's default URL check turns `javascript:` and other unsafe links into empty ones, so
 * nothing an editor types can run in a visitor's browser.
 */
export function PageMarkdown({ text }: { text: string }) {
  return (
    <div className="page-markdown">
      <Markdown skipHtml>{text}</Markdown>
    </div>
  );
}
