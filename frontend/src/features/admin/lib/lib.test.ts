import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { permissionDescription, roleDescription, userLabel } from './labels';
import { nextSort, parseSort } from './listState';
import { localPage } from './localList';
import { roleFormErrors, userFormErrors } from './validation';

describe('sorting a list', () => {
  it('reads sort=field,ORDER from the address only for sortable fields', () => {
    expect(parseSort('email,DESC', ['name', 'email'])).toEqual({ field: 'email', order: 'DESC' });
    expect(parseSort('password,ASC', ['name', 'email'])).toBeNull();
    expect(parseSort('name,UP', ['name', 'email'])).toBeNull();
    expect(parseSort(null, ['name'])).toBeNull();
  });

  it('sorts a new column ascending, and flips the current one', () => {
    expect(nextSort({ field: 'name', order: 'ASC' }, 'email')).toEqual({ field: 'email', order: 'ASC' });
    expect(nextSort({ field: 'name', order: 'ASC' }, 'name')).toEqual({ field: 'name', order: 'DESC' });
    expect(nextSort({ field: 'name', order: 'DESC' }, 'name')).toEqual({ field: 'name', order: 'ASC' });
  });
});

describe('a list held in the browser', () => {
  const items = ['delta', 'Alpha', 'charlie', 'bravo', 'echo'].map((name) => ({ name, note: name === 'echo' ? 'needle' : '' }));
  const text = (item: { name: string; note: string }, field: string) => (field === 'note' ? item.note : item.name);

  it('sorts without regard to case and pages', () => {
    const page = localPage(items, { search: '', sort: { field: 'name', order: 'ASC' }, page: 2, pageSize: 2 }, text, ['name']);
    expect(page).toEqual({ data: [items[2], items[0]], count: 2, total: 5, page: 2, pageCount: 3 });
  });

  it('finds the term in any search field, and keeps the page in range', () => {
    const page = localPage(items, { search: 'NEEDLE', sort: { field: 'name', order: 'DESC' }, page: 4, pageSize: 2 }, text, ['name', 'note']);
    expect(page).toEqual({ data: [items[4]], count: 1, total: 1, page: 1, pageCount: 1 });
  });
});

describe('form checks', () => {
  it('need a valid email, and a name only where one is stored', () => {
    expect(userFormErrors({ email: '', name: '' }, { nameRequired: false })).toEqual({ email: 'emailRequired' });
    expect(userFormErrors({ email: 'a@b', name: '' }, { nameRequired: false })).toEqual({ email: 'emailInvalid' });
    expect(userFormErrors({ email: ' a@b.org ', name: '' }, { nameRequired: false })).toEqual({});
    expect(userFormErrors({ email: 'a@b.org', name: '  ' }, { nameRequired: true })).toEqual({ name: 'nameRequired' });
    expect(userFormErrors({ email: 'a@b.org', name: 'x'.repeat(201) }, { nameRequired: false })).toEqual({ name: 'nameTooLong' });
  });

  it('need a role name of at most 80 characters', () => {
    expect(roleFormErrors({ roleName: ' ' })).toEqual({ roleName: 'nameRequired' });
    expect(roleFormErrors({ roleName: 'x'.repeat(81) })).toEqual({ roleName: 'nameTooLong' });
    expect(roleFormErrors({ roleName: 'auditor' })).toEqual({});
  });
});

describe('labels', () => {
  it('name a user by name, else email, else id', () => {
    expect(userLabel({ id: 'u1', name: 'Ada', email: 'a@b.org' })).toBe('Ada');
    expect(userLabel({ id: 'u1', name: ' ', email: 'a@b.org' })).toBe('a@b.org');
    expect(userLabel({ id: 'u1', name: null, email: null })).toBe('u1');
  });

  it('translate known permissions and built-in roles, and keep other descriptions as they are', async () => {
    await i18n.changeLanguage('zh-CN');
    const t = i18n.t.bind(i18n);
    expect(permissionDescription(t, { id: 'manage-users', key: 'manage-users', description: 'Manage users and their roles' })).toBe('管理用户及其角色');
    expect(permissionDescription(t, { id: 'fly', key: 'fly', description: 'Fly' })).toBe('Fly');
    expect(roleDescription(t, { id: 'system-admin', roleName: 'system-admin', description: 'Administers the whole system', builtIn: true })).toBe('管理整个系统');
    expect(roleDescription(t, { id: 'r1', roleName: 'editor', description: 'Edits', builtIn: false })).toBe('Edits');
  });
});
