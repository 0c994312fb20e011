import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, SessionEndedError } from '../api/client';
import { toast, useToasts } from './toast';

beforeEach(() => toast.clear());

describe('toast.error', () => {
  it("shows the server's message of a failed call", () => {
    toast.error(new ApiError('A project with the key alpha already exists in this organization.', { status: 409 }));
    const { result } = renderHook(() => useToasts());
    expect(result.current.map((t) => [t.kind, t.message])).toEqual([
      ['error', 'A project with the key alpha already exists in this organization.']]);
  });

  it('with a summary, leads with it and keeps the error\'s own message after it', () => {
    toast.error(new Error('Failed to fetch dynamically imported module: http://x/assets/Page.js'), 'This part of the page could not be loaded.');
    const { result } = renderHook(() => useToasts());
    expect(result.current.map((t) => [t.message, t.detail])).toEqual([
      ['This part of the page could not be loaded.', 'Failed to fetch dynamically imported module: http://x/assets/Page.js']]);
  });

  it('stays quiet for a change refused because the session ended: the sign-in dialog says so', () => {
    toast.error(new SessionEndedError());
    const { result } = renderHook(() => useToasts());
    expect(result.current).toEqual([]);
  });
});
