import type { ScheduleEntry } from '@wartefrei/shared';
import { describe, expect, it } from 'vitest';
import { entriesByWeekday, weekdayName } from './schedule-entries';

const entry = (weekday: number, local_time: string, event: ScheduleEntry['event'] = 'START'): ScheduleEntry => ({
  id: `${weekday}-${local_time}-${event}`,
  queue_id: 'q',
  event,
  weekday,
  local_time,
  activated: true,
  valid_on_holiday: false,
});

describe('entriesByWeekday', () => {
  it('has every weekday, each by time of day', () => {
    const days = entriesByWeekday([entry(1, '18:00', 'TERMINATE'), entry(3, '07:30'), entry(1, '08:00'), entry(1, '08:00', 'BLOCK'), entry(1, '06:00', 'TERMINATE')]);
    expect([...days.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days.get(1)!.map((e) => e.id)).toEqual(['1-06:00-TERMINATE', '1-08:00-BLOCK', '1-08:00-START', '1-18:00-TERMINATE']);
    expect(days.get(2)).toEqual([]);
    expect(days.get(3)!.map((e) => e.local_time)).toEqual(['07:30']);
  });
});

describe('weekdayName', () => {
  it.each([
    [1, 'de', 'Montag'],
    [7, 'de', 'Sonntag'],
    [3, 'en', 'Wednesday'],
  ])('%i in %s → %s', (weekday, lang, name) => expect(weekdayName(weekday, lang)).toBe(name));
});
