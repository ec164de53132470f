import { useSearchParams } from 'react-router';

/** The audit screen's filters, kept in the address so a reload or a shared link shows the same. */
export interface AuditFilters {
  from: string;
  to: string;
  userId: string;
  action: string;
}

const DAY_MS = 86_400_000;
/** A local calendar date of the browser's clock, `YYYY-MM-DD`. */
export const localDate = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** The last seven days, today included, when the address names no period. */
export function defaultPeriod(now: Date): { from: string; to: string } {
  return { from: localDate(new Date(now.getTime() - 6 * DAY_MS)), to: localDate(now) };
}

/** The filters as `GET /audit` takes them: empty ones left out, dates read in the browser's zone. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.userId) query.user_id = filters.userId;
  if (filters.action) query.action = filters.action;
  return query;
}

export function useAuditFilters(): [AuditFilters, (changes: Partial<AuditFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const period = defaultPeriod(new Date());
  const filters: AuditFilters = {
    from: params.get('from') ?? period.from,
    to: params.get('to') ?? period.to,
    userId: params.get('user_id') ?? '',
    action: params.get('action') ?? '',
  };
  const update = (changes: Partial<AuditFilters>) => {
    const next = { ...filters, ...changes };
    const entries: [string, string][] = [
      ['from', next.from],
      ['to', next.to],
      ['user_id', next.userId],
      ['action', next.action],
    ];
    setParams(new URLSearchParams(entries.filter(([, value]) => value !== '')), { replace: true });
  };
  return [filters, update];
}
