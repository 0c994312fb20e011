import type { ScopedMutator } from 'swr';
import { ApiError } from '../../../api/client';
import { dashboardKey } from './getDashboard';
import { DASHBOARDS_PATH } from './getDashboards';

/** Whether a change was refused because what it names is gone (a widget or the dashboard, removed elsewhere). */
export const isGone = (failure: unknown) => failure instanceof ApiError && failure.status === 404;

/**
 * A change of a dashboard answered 404 (the widget or the dashboard was removed in another tab or window):
 * read the dashboard and the list again, so the screen shows what is there now; then the failure is passed on.
 * `refused` says which failures call for it (a layout save: any the server answered, since the layout shown was
 * not saved: e.g. it named a widget removed elsewhere).
 */
export async function readAgainIfGone(mutate: ScopedMutator, id: string, failure: unknown, refused = isGone): Promise<never> {
  if (refused(failure)) {
    await Promise.all([mutate(dashboardKey(id)), mutate(DASHBOARDS_PATH)]).catch(() => undefined);
  }
  throw failure;
}

/** Whether the server answered a change with a refusal (4xx), rather than not answering or failing itself. */
export const isRefused = (failure: unknown) =>
  failure instanceof ApiError && failure.status !== undefined && failure.status >= 400 && failure.status < 500;
