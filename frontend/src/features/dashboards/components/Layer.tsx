import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Dialogs of this feature on the page's top level (not inside a collapsed menu or a grid cell that
 * clips or transforms), in a wrapper their styles are scoped to.
 */
export function Layer({ children }: { children: ReactNode }) {
  return createPortal(<div className="dashboard-layer">{children}</div>, document.body);
}
