import type { Nodes, Root } from 'mdast';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkGfm from 'remark-gfm';

/** Elements whose content is code or styling, never text to read: dropped whole with their tags. */
const OPENING_TAG = /^<(script|style)\b[^>]*>$/i;
const CLOSING_TAG = /^<\/(script|style)\s*>$/i;
/** Inline containers: an element opened inside one may be closed after it, in the same paragraph. */
const PHRASING_PARENTS = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);

/**
 * skipHtml drops the tags but not what is between them: `a <script>alert(1)</script> b` would show
 * "alert(1)". A script or style opened in a paragraph (inline HTML: each tag its own node) takes
 * everything up to its closing tag, or to the paragraph's end. A block of HTML (`<script>` on its own
 * line, up to `</script>`) is one node already, dropped whole by skipHtml.
 */
function remarkDropScriptContent() {
  return (tree: Root) => {
    let open: string | null = null;
    const walk = (node: Nodes) => {
      if (!('children' in node)) return;
      const kept: Nodes[] = [];
      for (const child of node.children as Nodes[]) {
        if (child.type === 'html') {
          const opening = child.value.match(OPENING_TAG);
          const closing = child.value.match(CLOSING_TAG);
          if (!open && opening) open = opening[1]!.toLowerCase();
          else if (open && closing?.[1]!.toLowerCase() === open) open = null;
          kept.push(child);
        } else if ('children' in child) {
          walk(child);
          kept.push(child);
        } else if (!open) {
          kept.push(child);
        }
      }
      (node as { children: Nodes[] }).children = kept;
      if (!PHRASING_PARENTS.has(node.type)) open = null;
    };
    walk(tree);
  };
}

/**
 * remark-gfm: GitHub's tables, strikethrough, task lists and bare links, as people write them.
 * remark-cjk-friendly: `**` and `*` also emphasise next to Chinese punctuation, as in
 * `**开放水数据（Open Water Data）**为…`, which plain CommonMark's flanking rule leaves as literal asterisks.
 */
const remarkPlugins = [remarkGfm, remarkCjkFriendly, remarkDropScriptContent];

/** A table scrolls sideways in a box of its own, so a wide one never widens the page on a phone. */
const defaultComponents: Components = {
  // A link whose address the URL check emptied (javascript: and the like) is its text, not a link that goes
  // nowhere (a click had led to the home page).
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a href={href} {...props}>
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  table: ({ node: _node, ...props }) => (
    <div className="markdown-table">
      <table {...props} />
    </div>
  ),
};

/**
 * Markdown that people write (informational pages, dashboard notes), the one way the product renders it.
 * Raw HTML in the text is dropped (skipHtml, and no rehype-raw) with the content of script and style
 * elements, and react-markdown's default URL check turns `javascript:` and other unsafe links into empty
 * ones, so nothing typed can run in a visitor's browser.
 */
export function Markdown({ text, components }: { text: string; components?: Components }) {
  return (
    <ReactMarkdown skipHtml remarkPlugins={remarkPlugins} components={{ ...defaultComponents, ...components }}>
      {text}
    </ReactMarkdown>
  );
}
