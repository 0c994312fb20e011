import type { Activity, ActivityDetail } from '../api/types';

/**
 * When an activity started, as the file wrote it: its date, time of day and zone ("2026-03-26 11:00 UTC+08:00"),
 * or the date alone; never converted. A time the file gave without a zone is read by the server as UTC, so it is
 * said: "2026-03-26 11:00 UTC", not a bare time a reader takes for local.
 */
export function activityStart(activity: Pick<Activity, 'startDate' | 'startTime' | 'timeZone'>): string {
  const zone = activity.startTime ? activity.timeZone || 'UTC' : null;
  return [activity.startDate, activity.startTime, zone].filter(Boolean).join(' ');
}

/** When an activity ended, as the file wrote it (a portal file's ActivityEndDate, time and zone), read as its start. */
export function activityEnd(activity: Pick<ActivityDetail, 'endDate' | 'endTime' | 'endTimeZone'>): string {
  return activityStart({ startDate: activity.endDate, startTime: activity.endTime, timeZone: activity.endTimeZone });
}
