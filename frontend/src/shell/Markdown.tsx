import ReactMarkdown, { type Components } from 'react-markdown';
import remarkCjkFriendly from 'remark-cjk-friendly';

/**
 * remark-cjk-friendly: `**` and `*` also emphasise next to Chinese punctuation, as in
 * `**开放水数据（Open Water Data）**为…`, which plain CommonMark's flanking rule leaves as literal asterisks.
 */
const remarkPlugins = [remarkCjkFriendly];

/**
 * Markdown that people write (informational pages, dashboard notes), the one way the product renders it.
 * Raw HTML in the text is dropped (skipHtml, and no rehype-raw), and react-markdown's default URL check
 * turns `javascript:` and other unsafe links into empty ones, so nothing typed can run in a visitor's browser.
 */
export function Markdown({ text, components }: { text: string; components?: Components }) {
  return (
    <ReactMarkdown skipHtml remarkPlugins={remarkPlugins} components={components}>
      {text}
    </ReactMarkdown>
  );
}
