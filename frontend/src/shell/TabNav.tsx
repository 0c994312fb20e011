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
