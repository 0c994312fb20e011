import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import './workspace.css';

export interface TabLink {
  to: string;
  label: string;
}

/** A row of page sections as links (the current one marked with aria-current); it scrolls sideways on phones. */
export function TabNav({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <nav className="tab-nav" aria-label={label}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="tab-nav-link" end>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * What the tab shown holds, under its name as an h2 (the page's h1 above it): those who move by headings find the
 * section. The heading is visually hidden, as the marked tab shows the name; the panel's own sections are h3.
 */
export function TabPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ws-tab-panel">
      <h2 className="visually-hidden">{label}</h2>
      {children}
    </div>
  );
}
