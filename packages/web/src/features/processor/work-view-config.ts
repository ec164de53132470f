import { mergeViewConfiguration, workViewRoleOf, type Queue, type RoleView } from '@wartefrei/shared';
import type { MemberFilters } from './member-filters';

/**
 * What the work view shows for the caller on this list (the list's view configuration for their
 * role, docs/product.md#processor-view-configuration). A queue from an older server without the
 * field shows everything.
 */
export function roleViewOf(queue: Pick<Queue, 'view_configuration'> | Partial<Pick<Queue, 'view_configuration'>>, user: { is_admin: boolean }): RoleView {
  return mergeViewConfiguration(queue.view_configuration)[workViewRoleOf(user)];
}

/**
 * The filters that narrow the list: a hidden filter has no control to undo it, so a value kept
 * from earlier (localStorage) must not silently hide tickets.
 */
export function shownFilters(filters: MemberFilters, view: RoleView): MemberFilters {
  return {
    status: view.filters.status ? filters.status : [],
    origin: view.filters.origin ? filters.origin : [],
    q: view.filters.search ? filters.q : '',
  };
}
