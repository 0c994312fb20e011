/**
 * The zone that times shown in the browser's zone (lib/dates formatDateTime) are in, at those times: its short name
 * ("CST", "CST/CDT" when the times are on both sides of a change of season, "GMT+8", "UTC"), as the station chart
 * names the zone of its time axis ("Time (EST)"). English names whatever the language, as the chart's codes are
 * (Chinese has none: "GMT-6"). '' when there is no time. `timeZone`: another zone than the browser's (tests).
 */
export function shownZone(times: Iterable<string | null | undefined>, timeZone?: string): string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
  const names: string[] = [];
  for (const time of times) {
    if (!time) continue;
    const date = new Date(time);
    if (Number.isNaN(date.getTime())) continue;
    const name = format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
    if (name && !names.includes(name)) names.push(name);
  }
  return names.join('/');
}
