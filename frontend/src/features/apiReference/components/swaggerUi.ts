import type * as ReactApi from 'react';
import type { ComponentType, FunctionComponent } from 'react';

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

export async function renderSwaggerUi({ serversLabel, ...options }: SwaggerUiOptions): Promise<void> {
  const [bundle] = await Promise.all([
    import('swagger-ui-dist/swagger-ui-bundle.js'),
    import('swagger-ui-dist/swagger-ui.css'),
  ]);
  bundle.default({ ...options, plugins: [() => labelledServers(serversLabel)] });
}
