import { useSearchParams } from 'react-router';
import { MEMBER_ORIGINS, REPORT_MAX_DAYS, type MemberOrigin } from '@wartefrei/shared';
import { PERIOD_PRESETS, localToday, presetRange, type DateRange, type PeriodPreset } from './period';

/** What the report shows, kept in the address so that a reload or a shared link shows the same. */
export interface ReportState {
  preset: PeriodPreset;
  range: DateRange;
  /** False while a custom range is reversed or too long: nothing is asked then. */
  rangeValid: boolean;
  profileId?: string | undefined;
  queueId?: string | undefined;
  processorId?: string | undefined;
  origin?: MemberOrigin | undefined;
  infoTagId?: string | undefined;
}

const FILTER_KEYS = ['profile_id', 'queue_id', 'processor_id', 'origin', 'info_tag_id'] as const;
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The report's state from the address (`?period=&from=&to=&profile_id=…`), and how to change it. */
export function useReportParams(fixedQueueId?: string) {
  const [params, setParams] = useSearchParams();
  const presetParam = params.get('period');
  const preset: PeriodPreset = (PERIOD_PRESETS as readonly string[]).includes(presetParam ?? '') ? (presetParam as PeriodPreset) : 'last30';
  const today = localToday(new Date());
  const custom = { from: params.get('from'), to: params.get('to') };
  const range =
    preset === 'custom' && isDate(custom.from) && isDate(custom.to) ? { from: custom.from, to: custom.to } : presetRange(preset === 'custom' ? 'last30' : preset, today);
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  const origin = params.get('origin');
  const state: ReportState = {
    preset,
    range,
    rangeValid: days >= 1 && days <= REPORT_MAX_DAYS,
    profileId: params.get('profile_id') ?? undefined,
    queueId: fixedQueueId ?? params.get('queue_id') ?? undefined,
    processorId: params.get('processor_id') ?? undefined,
    origin: (MEMBER_ORIGINS as readonly string[]).includes(origin ?? '') ? (origin as MemberOrigin) : undefined,
    infoTagId: params.get('info_tag_id') ?? undefined,
  };
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const resetFilters = () => update(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])));
  return { state, update, resetFilters };
}

/** The query string every report takes. */
export function reportQuery(state: ReportState): Record<string, string | undefined> {
  return {
    from: state.range.from,
    to: state.range.to,
    profile_id: state.profileId,
    queue_id: state.queueId,
    processor_id: state.processorId,
    origin: state.origin,
    info_tag_id: state.infoTagId,
  };
}
