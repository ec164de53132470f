import { describe, expect, it } from 'vitest';
import { looksLikeQueueId, queueSectionPath, sectionOf, sectionOfTab, tabOfSection } from './queue-sections';

describe('list sections of the management', () => {
  it.each([
    [undefined, 'general'],
    ['', 'general'],
    ['general', 'general'],
    ['schedule', 'schedule'],
    ['probing', 'probing'],
    ['processors', 'processors'],
    ['viewConfiguration', 'viewConfiguration'],
    ['view-configuration', 'viewConfiguration'],
    ['VIEW-CONFIGURATION', 'viewConfiguration'],
    ['settings', 'general'],
    ['rollouts', undefined],
    ['billing', undefined],
  ])('sub-menu %s → %s', (subMenu, section) => expect(sectionOf(subMenu)).toBe(section));

  it('maps sections to tabs and back', () => {
    expect(tabOfSection('general')).toBe('lists');
    expect(sectionOfTab('lists')).toBe('general');
    expect(sectionOfTab('schedule')).toBe('schedule');
    expect(sectionOfTab('monitors')).toBeUndefined();
  });

  it('builds the deep link', () => {
    expect(queueSectionPath('0b6e2d8c-1a5f-4c1e-9d5b-6a1f2b3c4d5e', 'viewConfiguration')).toBe('/backend/management/0b6e2d8c-1a5f-4c1e-9d5b-6a1f2b3c4d5e/viewConfiguration');
  });

  it.each([
    ['0b6e2d8c-1a5f-4c1e-9d5b-6a1f2b3c4d5e', true],
    ['billing', false],
    ['0b6e2d8c-1a5f-4c1e-9d5b', false],
  ])('%s looks like a list id: %s', (value, ok) => expect(looksLikeQueueId(value)).toBe(ok));
});
