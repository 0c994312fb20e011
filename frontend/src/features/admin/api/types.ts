/** The shapes the administration API answers with (chalicelib/users, chalicelib/roles). */

/** A user as GET /user lists it; `roles` holds system role ids. */
export interface User {
  id: string;
  email?: string | null;
  name?: string | null;
  roles?: string[];
  /** Created by an administrator, not signed in yet. */
  preRegistered?: boolean;
  createdAt?: string | null;
  updatedAt?: string | null;
  lastSeenAt?: string | null;
}

/** What an administrator sends to create or change a user. */
export interface UserInput {
  email: string;
  name?: string;
  roles?: string[];
}

/** A system role; `permissions` holds permission keys. */
export interface Role {
  id: string;
  roleName: string;
  description?: string | null;
  permissions?: string[];
  /** Built-in roles (system-admin) cannot be changed or deleted. */
  builtIn?: boolean;
  createdAt?: string | null;
  updatedAt?: string | null;
}

export interface RoleInput {
  roleName: string;
  description?: string | null;
}

/** A role as GET /user/{id}/roles names it. */
export interface RoleRef {
  id: string;
  roleName: string;
}

/** An entry of the permission catalogue (GET /permissions). */
export interface Permission {
  id: string;
  key: string;
  description: string;
}

/** One page of a list (the collection query language's paginated answer). */
export interface Page<T> {
  data: T[];
  count: number;
  total: number;
  page: number;
  pageCount: number;
}
