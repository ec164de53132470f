import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_CONFIGURATION, mergeViewConfiguration } from '@wartefrei/shared';
import { roleViewOf, shownFilters } from './work-view-config';

const configured = mergeViewConfiguration({ processor: { columns: { origin: false }, filters: { search: false, status: false } }, admin: { actions: { erase: false } } });

describe('the work view for a role', () => {
  it('gives admins the admin view and processors theirs', () => {
    expect(roleViewOf({ view_configuration: configured }, { is_admin: false }).columns.origin).toBe(false);
    expect(roleViewOf({ view_configuration: configured }, { is_admin: true }).columns.origin).toBe(true);
    expect(roleViewOf({ view_configuration: configured }, { is_admin: true }).actions.erase).toBe(false);
    expect(roleViewOf({ view_configuration: configured }, { is_admin: false }).actions.erase).toBe(true);
  });

  it('shows everything for a queue without a configuration', () => {
    expect(roleViewOf({}, { is_admin: false })).toEqual(DEFAULT_VIEW_CONFIGURATION.processor);
  });

  it('drops the values of hidden filters and keeps the shown ones', () => {
    const view = roleViewOf({ view_configuration: configured }, { is_admin: false });
    expect(shownFilters({ status: ['WAITING'], origin: ['KIOSK'], q: 'Muster' }, view)).toEqual({ status: [], origin: ['KIOSK'], q: '' });
    const all = roleViewOf({ view_configuration: configured }, { is_admin: true });
    expect(shownFilters({ status: ['WAITING'], origin: [], q: 'Muster' }, all)).toEqual({ status: ['WAITING'], origin: [], q: 'Muster' });
  });
});
