import type { EarlierTime, EarlierWish, EarlierWishInput } from '@wartefrei/shared';

/*
 * "Früher, wenn möglich" as the patient ticks it: weekdays × (morning, afternoon) ↔ the
 * contract's `times` (docs/product.md#earlier-appointments). Written out here rather than read
 * from earlier.schemas.ts: that module carries zod, which the patient pages must not load.
 */

export type DayPart = EarlierTime['part'];
/** ISO weekdays, Monday (1) first. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DAY_PARTS: readonly DayPart[] = ['MORNING', 'AFTERNOON'];

/** One tickable cell of the grid: '1-MORNING'. */
export type Cell = `${number}-${DayPart}`;
export const cellOf = (weekday: number, part: DayPart): Cell => `${weekday}-${part}`;

/** What the patient chose: a local date or '' (any), and the ticked cells (none: any time). */
export interface EarlierChoice {
  notBefore: string;
  cells: ReadonlySet<Cell>;
}

export const ANY_TIME: EarlierChoice = { notBefore: '', cells: new Set() };

/** The ticked cells as the contract's `times`, in the grid's order (Monday morning first). */
export function timesOf(cells: ReadonlySet<Cell>): EarlierTime[] {
  return WEEKDAYS.flatMap((weekday) => DAY_PARTS.filter((part) => cells.has(cellOf(weekday, part))).map((part) => ({ weekday, part })));
}

/** A stored wish back into the grid (to change it). */
export function choiceOf(wish: Pick<EarlierWish, 'not_before' | 'times'> | null | undefined): EarlierChoice {
  if (!wish) return ANY_TIME;
  return { notBefore: wish.not_before ?? '', cells: new Set(wish.times.map((time) => cellOf(time.weekday, time.part))) };
}

/** The body of `PUT …/earlier` and a booking's `earlier`: only what narrows the wish is sent. */
export function wishBody(choice: EarlierChoice): NonNullable<EarlierWishInput> {
  const times = timesOf(choice.cells);
  return { ...(choice.notBefore ? { not_before: choice.notBefore } : {}), ...(times.length > 0 ? { times } : {}) };
}

/** A weekday's name in the patient's language: 1 → 'Montag' / 'Mo' (1 January 2024 was a Monday). */
export function weekdayName(weekday: number, lang: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday, 12)));
}

/**
 * The ticked times said in a line, a day's two parts as the whole day:
 * 'Montag Vormittag, Mittwoch' (both parts of Wednesday).
 */
export function describeTimes(times: readonly EarlierTime[], lang: string, partName: (part: DayPart) => string): string {
  return WEEKDAYS.flatMap((weekday) => {
    const parts = DAY_PARTS.filter((part) => times.some((time) => time.weekday === weekday && time.part === part));
    if (parts.length === 0) return [];
    const day = weekdayName(weekday, lang);
    return [parts.length === DAY_PARTS.length ? day : `${day} ${parts.map(partName).join(', ')}`];
  }).join(', ');
}
