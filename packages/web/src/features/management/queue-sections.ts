/**
 * The sections of one waiting list's management, reachable as `/backend/management/:queueId/:subMenu`
 * (docs/product.md#screens-and-routes): each names the management tab that shows it, opened for
 * that list. Rollout and reporting have routes of their own and are linked, not tabs.
 */
export const QUEUE_SECTIONS = ['general', 'schedule', 'probing', 'processors', 'viewConfiguration'] as const;
export type QueueSection = (typeof QUEUE_SECTIONS)[number];

/** The management tab (`?tab=`) each section lives in: a list's general settings are its form in the lists tab. */
const TAB_OF: Record<QueueSection, string> = {
  general: 'lists',
  schedule: 'schedule',
  probing: 'probing',
  processors: 'processors',
  viewConfiguration: 'viewConfiguration',
};

/** Spellings people type or older links use; the canonical name is the key of TAB_OF. */
const ALIASES: Record<string, QueueSection> = {
  'view-configuration': 'viewConfiguration',
  view_configuration: 'viewConfiguration',
  viewconfiguration: 'viewConfiguration',
  settings: 'general',
};

/** The section a path's sub-menu names (no sub-menu: general), or undefined for an unknown one. */
export function sectionOf(subMenu: string | undefined): QueueSection | undefined {
  if (subMenu === undefined || subMenu === '') return 'general';
  if ((QUEUE_SECTIONS as readonly string[]).includes(subMenu)) return subMenu as QueueSection;
  return ALIASES[subMenu] ?? ALIASES[subMenu.toLowerCase()];
}

/** The management tab that shows a section. */
export function tabOfSection(section: QueueSection): string {
  return TAB_OF[section];
}

/** The section a tab shows for one list, or undefined when the tab is about the whole practice. */
export function sectionOfTab(tab: string): QueueSection | undefined {
  return QUEUE_SECTIONS.find((section) => TAB_OF[section] === tab);
}

/** The deep link of a list's section. */
export function queueSectionPath(queueId: string, section: QueueSection): string {
  return `/backend/management/${encodeURIComponent(queueId)}/${section}`;
}

/** Whether a path segment can be a list id at all (ids are UUIDs): anything else is not found without asking. */
export function looksLikeQueueId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
