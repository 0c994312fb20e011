/** The checks the server makes on administration forms, made first in the browser. */

/** As the server's: something@something.something, no spaces. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const MAX_USER_NAME = 200;
export const MAX_ROLE_NAME = 80;

export type UserFormError = 'emailRequired' | 'emailInvalid' | 'nameRequired' | 'nameTooLong';
export type RoleFormError = 'nameRequired' | 'nameTooLong';

export function userFormErrors(
  form: { email: string; name: string },
  { nameRequired }: { nameRequired: boolean },
): { email?: UserFormError; name?: UserFormError } {
  const errors: { email?: UserFormError; name?: UserFormError } = {};
  const email = form.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL.test(email)) errors.email = 'emailInvalid';
  const name = form.name.trim();
  if (nameRequired && !name) errors.name = 'nameRequired';
  else if (name.length > MAX_USER_NAME) errors.name = 'nameTooLong';
  return errors;
}

export function roleFormErrors(form: { roleName: string }): { roleName?: RoleFormError } {
  const name = form.roleName.trim();
  if (!name) return { roleName: 'nameRequired' };
  if (name.length > MAX_ROLE_NAME) return { roleName: 'nameTooLong' };
  return {};
}
