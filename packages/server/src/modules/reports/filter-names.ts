import { eq } from 'drizzle-orm';
import { translate, type ReportEarlier, type SupportedLang } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { infoTags, profiles, queues, users } from '../../db/schema/index.js';
import type { ReportScope } from './scope.js';

/** The name behind an id filter (already checked by the scope), or "all". */
async function nameOf(q: Queryable, id: string | undefined, lookup: (id: string) => Promise<{ name: string }[]>, all: string): Promise<string> {
  if (!id) return all;
  return (await lookup(id))[0]?.name ?? all;
}

/** The filters of an export as label/value lines for the top of the file, in the caller's language. */
export async function filterNames(q: Queryable, scope: ReportScope, lang: SupportedLang, now: Date): Promise<[string, string][]> {
  const t = (key: string) => translate(lang, 'reports', key);
  const all = t('all');
  const f = scope.filters;
  const [location, list, processor, tag] = await Promise.all([
    nameOf(q, f.profile_id, (id) => q.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, id)), all),
    nameOf(q, f.queue_id, (id) => q.select({ name: queues.name }).from(queues).where(eq(queues.id, id)), all),
    nameOf(q, f.processor_id, (id) => q.select({ name: users.displayName }).from(users).where(eq(users.id, id)), all),
    nameOf(q, f.info_tag_id, (id) => q.select({ name: infoTags.name }).from(infoTags).where(eq(infoTags.id, id)), all),
  ]);
  return [
    [t('title'), ''],
    [t('filter_period'), `${f.from} – ${f.to}`],
    [t('filter_location'), location],
    [t('filter_queue'), list],
    [t('filter_processor'), processor],
    [t('filter_origin'), f.origin ? translate(lang, 'reports', `origin_${f.origin}`) : all],
    [t('filter_info_tag'), tag],
    [t('filter_created'), now.toISOString()],
  ];
}

/**
 * The period's earlier-appointment and confirmation figures as label/value lines below the
 * filters: the export carries what the reports screen shows (docs/product.md#reports).
 */
export function earlierLines(figures: Omit<ReportEarlier, 'from' | 'to'>, lang: SupportedLang): [string, string][] {
  const t = (key: string, args: (string | number)[] = []) => translate(lang, 'reports', key, args);
  const number = (value: number | null) => (value === null ? '–' : new Intl.NumberFormat(lang).format(value));
  const percent = (value: number | null) => (value === null ? '–' : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value));
  return [
    [t('earlier_freed'), number(figures.freed)],
    [t('earlier_offered'), number(figures.offered)],
    [t('earlier_refilled'), number(figures.refilled)],
    [t('earlier_refill_lead'), number(figures.refill_lead_p50_hours)],
    [t('earlier_offer_messages'), number(figures.offer_messages)],
    [t('earlier_confirmation_rate'), `${percent(figures.confirmation_rate)} (${number(figures.confirmations_confirmed)} / ${number(figures.confirmations_asked)})`],
    ...figures.no_shows_by_type.map((g): [string, string] => [t('earlier_no_shows_type', [g.name]), `${number(g.no_shows)} / ${number(g.appointments)}`]),
    ...figures.no_shows_by_queue.map((g): [string, string] => [t('earlier_no_shows_queue', [g.name]), `${number(g.no_shows)} / ${number(g.appointments)}`]),
  ];
}
