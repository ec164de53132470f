import { MEMBER_ORIGINS, MEMBER_STATUSES } from '@wartefrei/shared';
import type { MemberOrigin, MemberStatus } from '@wartefrei/shared';

/** The work view's filters; empty lists mean "the server's default" (open tickets, any origin). */
export interface MemberFilters {
  status: MemberStatus[];
  origin: MemberOrigin[];
  q: string;
}

export const NO_FILTERS: MemberFilters = { status: [], origin: [], q: '' };

/**
 * The filters as stored in localStorage `processorViewSelectedFilters` (docs/product.md#constants-and-limits). Storage is
 * the user's to edit and may hold an older shape: unknown values are dropped, not trusted.
 */
export function parseStoredFilters(stored: unknown): MemberFilters {
  if (typeof stored !== 'object' || stored === null) return NO_FILTERS;
  const value = stored as Record<string, unknown>;
  const pick = <T extends string>(list: unknown, allowed: readonly T[]): T[] => (Array.isArray(list) ? allowed.filter((item) => list.includes(item)) : []);
  return {
    status: pick(value.status, MEMBER_STATUSES),
    origin: pick(value.origin, MEMBER_ORIGINS),
    q: typeof value.q === 'string' ? value.q.slice(0, 100) : '',
  };
}

/** Whether any filter narrows the default list (to offer "reset filters"). */
export function hasFilters(filters: MemberFilters): boolean {
  return filters.status.length > 0 || filters.origin.length > 0 || filters.q.trim() !== '';
}
