import type * as ReactApi from 'react';
import { currentToken, getApiBase } from '../../../api/client';
import type { ComponentClass, ComponentType, FunctionComponent, ReactNode } from 'react';

/**
 * Swagger UI, loaded only when the API reference page asks for it: its script and styles are chunks of
 * their own, so the SPA's first load does not carry them.
 */
export interface SwaggerUiOptions {
  domNode: HTMLElement;
  url: string;
  deepLinking?: boolean;
  docExpansion?: 'list' | 'full' | 'none';
  /** The name of the servers list, and its language: Swagger UI wraps that list in an empty <label>. */
  serversLabel: { text: string; lang: string };
}

/** The part of Swagger UI's plugin system used here: its own React (the bundle carries one), and wrappers of
 * its components. */
type Props = Record<string, unknown>;
type ComponentWrapper = (Original: ComponentType<Props>, system: { React: typeof ReactApi }) => FunctionComponent<Props>;
export interface SwaggerUiPlugin {
  wrapComponents: Record<string, ComponentWrapper>;
}

/**
 * Names Swagger UI's servers list (`<select id="servers">`, axe's select-name): a visually hidden
 * `<label for="servers">` before it (swagger-api/swagger-ui#10957, unfixed in 5.35).
 */
export function labelledServers({ text, lang }: SwaggerUiOptions['serversLabel']): SwaggerUiPlugin {
  return {
    wrapComponents: {
      Servers: (Original, { React }) => (props) => React.createElement(
        React.Fragment,
        null,
        React.createElement('label', { htmlFor: 'servers', className: 'visually-hidden', lang }, text),
        React.createElement(Original, props),
      ),
    },
  };
}

/** The components drawing the document's title (OpenAPI 2.0/3.0, OpenAPI 3.1/3.2, a JSON Schema document). */
const TITLE_COMPONENTS = ['info', 'OAS31Info', 'JSONSchemaDocumentInfo'] as const;

/** What a component draws, for the given props (a class component's render, or the function's result). */
function drawn(Original: ComponentType<Props>, props: Props): ReactNode {
  if ((Original as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) {
    const Class = Original as ComponentClass<Props>;
    const instance = new Class(props);
    Object.assign(instance, { props });
    return instance.render();
  }
  return (Original as FunctionComponent<Props>)(props) as ReactNode;
}

/** The same elements with every h1 among them (not inside other components) drawn as an h2. */
function withoutH1(React: typeof ReactApi, node: ReactNode): ReactNode {
  if (!React.isValidElement<{ children?: ReactNode }>(node)) return node;
  if (node.type === 'h1') return React.createElement('h2', { ...node.props, key: node.key });
  if (typeof node.type !== 'string' && node.type !== React.Fragment) return node;
  if (node.props.children === undefined) return node;
  return React.cloneElement(node, undefined, ...React.Children.toArray(node.props.children).map((child) => withoutH1(React, child)));
}

/**
 * Draws the document's title (its name, version and OpenAPI version) as an h2: the page has its own
 * h1, and a page has one (axe page-has-heading-one, and screen readers' outline).
 */
export function titleAsH2(): SwaggerUiPlugin {
  const demote: ComponentWrapper = (Original, { React }) => (props) => withoutH1(React, drawn(Original, props)) as ReturnType<FunctionComponent<Props>>;
  return { wrapComponents: Object.fromEntries(TITLE_COMPONENTS.map((name) => [name, demote])) };
}

/** The same elements with each <main> among them drawn as a <div> (its id, tab stop and style kept); the
 * children of components are looked into too, but not what components draw themselves. */
function withoutMain(React: typeof ReactApi, node: ReactNode): ReactNode {
  if (!React.isValidElement<{ children?: ReactNode }>(node)) return node;
  if (node.type === 'main') return React.createElement('div', { ...node.props, key: node.key });
  const { children } = node.props;
  // (Render-prop children are not elements: left as they are.)
  if (children === undefined || typeof children === 'function') return node;
  return React.cloneElement(node, undefined, ...React.Children.toArray(children).map((child) => withoutMain(React, child)));
}

/**
 * Swagger UI's layout (BaseLayout) holds the operations in a <main id="operations">: inside the page's own main
 * landmark, a second one (axe landmark-no-duplicate-main, landmark-main-is-top-level). The layout hands it to
 * VersionPragmaFilter as a child: that component is given it drawn as a <div>.
 */
export function operationsNotMain(): SwaggerUiPlugin {
  return {
    wrapComponents: {
      VersionPragmaFilter: (Original, { React }) => (props) =>
        React.createElement(Original, props, ...React.Children.toArray(props.children as ReactNode).map((child) => withoutMain(React, child))),
    },
  };
}

/** Swagger UI's plugins of this page. */
export function swaggerUiPlugins(serversLabel: SwaggerUiOptions['serversLabel']): (() => SwaggerUiPlugin)[] {
  return [() => labelledServers(serversLabel), titleAsH2, operationsNotMain];
}

/** A request "Try it out" makes, as Swagger UI hands it to its request interceptor. */
export interface TriedRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * "Try it out" calls this API as the signed-in user: the app's bearer token goes with them, unless the user
 * authorized otherwise in Swagger UI (a token or an API key of their own). Other hosts get no token.
 */
export async function asSignedInUser(request: TriedRequest): Promise<TriedRequest> {
  const url = new URL(request.url, window.location.href);
  const ours = url.origin === window.location.origin && url.pathname.startsWith(new URL(getApiBase(), window.location.href).pathname);
  if (ours && !request.headers.Authorization && !request.headers['X-API-Key']) {
    const token = await currentToken();
    if (token) request.headers.Authorization = `Bearer ${token}`;
  }
  return request;
}

export async function renderSwaggerUi({ serversLabel, ...options }: SwaggerUiOptions): Promise<void> {
  // The bundle carries zenscroll, which (unless told not to, before it loads) listens to every click on a
  // "#id" link of the whole app from then on and pushes "#id" as the address: the skip link's click became
  // "/#main-content", a page not found. The hash router owns the address.
  (window as Window & { noZensmooth?: boolean }).noZensmooth = true;
  const [bundle] = await Promise.all([
    import('swagger-ui-dist/swagger-ui-bundle.js'),
    import('swagger-ui-dist/swagger-ui.css'),
  ]);
  bundle.default({ ...options, plugins: swaggerUiPlugins(serversLabel), requestInterceptor: asSignedInUser });
}
