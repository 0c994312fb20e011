import { describe, expect, it } from 'vitest';
import { hasPermissions, hasRoles, isSystemAdmin } from './roles';

describe('role checks', () => {
  it('count the built-in system administrator role by its id', () => {
    const admin = { id: 'u1', systemRoles: [{ id: 'system-admin', roleName: 'system-admin' }], permissions: [] };
    expect(isSystemAdmin(admin)).toBe(true);
    expect(hasPermissions(admin, ['manage-users'])).toBe(true);
  });

  it('give a role that is only named like a built-in one nothing beyond its own permissions', () => {
    const lookAlike = { id: 'u2', systemRoles: [{ id: '7f6d3f75-5cd8-414a-824b', roleName: 'system-admin' }], permissions: [] };
    expect(isSystemAdmin(lookAlike)).toBe(false);
    expect(hasRoles(lookAlike, ['system-admin'])).toBe(false);
    expect(hasPermissions(lookAlike, ['manage-users'])).toBe(false);
  });
});
