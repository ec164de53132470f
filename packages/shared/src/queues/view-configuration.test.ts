import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_CONFIGURATION, ViewConfigurationInput, mergeViewConfiguration, workViewRoleOf } from './view-configuration.js';

describe('view configuration', () => {
  it.each([
    ['nothing stored', null, undefined, DEFAULT_VIEW_CONFIGURATION],
    ['an empty object', {}, undefined, DEFAULT_VIEW_CONFIGURATION],
  ])('%s shows everything', (_, stored, changes, expected) => expect(mergeViewConfiguration(stored, changes)).toEqual(expected));

  it('lays changes over what is stored, switch by switch', () => {
    const merged = mergeViewConfiguration(
      { processor: { columns: { origin: false, wait: false } } },
      { processor: { columns: { wait: true } }, admin: { actions: { erase: false } } },
    );
    expect(merged.processor.columns).toEqual({ ...DEFAULT_VIEW_CONFIGURATION.processor.columns, origin: false });
    expect(merged.admin.actions.erase).toBe(false);
  });

  it('drops stored names it no longer knows', () => {
    const stored = { processor: { columns: { fax: false } } } as unknown as ViewConfigurationInput;
    expect(mergeViewConfiguration(stored)).toEqual(DEFAULT_VIEW_CONFIGURATION);
  });

  it.each([
    [{ processor: { columns: { origin: false } } }, true],
    [{ processor: { columns: { fax: false } } }, false],
    [{ patient: {} }, false],
    [{ admin: { actions: { move: 'no' } } }, false],
  ])('input %j valid: %s', (input, ok) => expect(ViewConfigurationInput.safeParse(input).success).toBe(ok));

  it('gives admins the admin view, everyone else the processors’', () => {
    expect(workViewRoleOf({ is_admin: true })).toBe('admin');
    expect(workViewRoleOf({ is_admin: false })).toBe('processor');
  });
});
