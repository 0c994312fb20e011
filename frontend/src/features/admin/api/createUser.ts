import { useCallback } from 'react';
import { post } from '../../../api/client';
import { useRevalidate } from './revalidate';
import type { User, UserInput } from './types';
import { USERS_PATH } from './users';

/** POST /user: register a person by email before their first sign-in. */
export async function createUser(input: UserInput): Promise<User | undefined> {
  return post<User>(USERS_PATH, input);
}

export function useCreateUser() {
  const revalidate = useRevalidate();
  return useCallback(
    async (input: UserInput) => {
      const user = await createUser(input);
      await revalidate(USERS_PATH);
      return user;
    },
    [revalidate],
  );
}
