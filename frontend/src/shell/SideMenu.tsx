import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Profile } from '../auth/profile';
import { profileUnavailable, useSession } from '../auth/session';
import { shell, type MenuEntry } from './registry';

/**
 * One link of the side menu; when collapsed only its icon shows (the label stays its name). A long label (a
 * dashboard's title) shows its first three lines; the whole is its tooltip.
 */
export function MenuLink({ to, label, icon, collapsed, end }: { to: string; label: string; icon?: string; collapsed: boolean; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className="menu-link" title={label} aria-label={collapsed ? label : undefined}>
      <span className="menu-icon" aria-hidden="true">
        {icon ?? label.slice(0, 1)}
      </span>
      <span className="menu-label">{label}</span>
    </NavLink>
  );
}

function Entry({ entry, collapsed }: { entry: MenuEntry; collapsed: boolean }) {
  const { t } = useTranslation();
  const label = entry.label ? t(entry.label as never) : entry.key;
  if (entry.Component) return <entry.Component collapsed={collapsed} />;
  if (entry.items) {
    return (
      <li className="menu-group">
        <span className="menu-group-title" aria-hidden={collapsed}>
          <span className="menu-icon" aria-hidden="true">
            {entry.icon ?? label.slice(0, 1)}
          </span>
          <span className="menu-label">{label}</span>
        </span>
        <ul aria-label={label}>
          {entry.items.map((item) => (
            <Entry key={item.key} entry={item} collapsed={collapsed} />
          ))}
        </ul>
      </li>
    );
  }
  return (
    <li>
      <MenuLink to={entry.to ?? '/'} label={label} icon={entry.icon} collapsed={collapsed} />
    </li>
  );
}

/**
 * The side menu: the entries of every module the user holds the roles for. While the signed-in user's profile
 * cannot be loaded (an outage), the entries for any signed-in user stay (their pages say the server is not
 * answering); those needing a role wait for the profile.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const session = useSession();
  const signedInOnly: Profile | undefined = profileUnavailable(session) ? { id: session.user?.profile.sub ?? 'signed-in' } : undefined;
  return (
    <ul className="menu">
      {shell.menuFor(session.profile ?? signedInOnly).map((entry) => (
        <Entry key={entry.key} entry={entry} collapsed={collapsed} />
      ))}
    </ul>
  );
}
