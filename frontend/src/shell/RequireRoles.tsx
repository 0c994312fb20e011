import type { ReactNode } from 'react';
import { meets, type Requirement } from '../auth/roles';
import { useSession } from '../auth/session';

/** Renders its children only when the user holds the required roles/permissions; else nothing. */
export function RequireRoles({ roles, permissions, children }: Requirement & { children: ReactNode }) {
  const { profile } = useSession();
  return meets(profile, { roles, permissions }) ? <>{children}</> : null;
}
