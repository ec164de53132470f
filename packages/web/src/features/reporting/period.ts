import type { ReportBucket } from '@wartefrei/shared';

/** The period picker's choices; `custom` takes the dates as given. */
export const PERIOD_PRESETS = ['today', 'thisWeek', 'last7', 'last30', 'thisMonth', 'lastMonth', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const parse = (date: string) => Date.parse(`${date}T00:00:00Z`);
const format = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => format(parse(date) + days * DAY_MS);

/** Today's date on the practice's clock (the browser's zone unless given). */
export function localToday(now: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The local dates a preset covers, both inclusive, relative to `today`. */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): DateRange {
  const weekday = (new Date(parse(today)).getUTCDay() + 6) % 7;
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'thisWeek':
      return { from: plusDays(today, -weekday), to: today };
    case 'last7':
      return { from: plusDays(today, -6), to: today };
    case 'last30':
      return { from: plusDays(today, -29), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = plusDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The bucket a chart over the range reads best in: hours for a day or two, weeks beyond two months. */
export function bucketFor(range: DateRange): ReportBucket {
  const days = (parse(range.to) - parse(range.from)) / DAY_MS + 1;
  if (days <= 2) return 'hour';
  return days <= 62 ? 'day' : 'week';
}
