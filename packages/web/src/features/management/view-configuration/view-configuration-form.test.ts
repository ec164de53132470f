import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_CONFIGURATION } from '@wartefrei/shared';
import { withSwitch } from './view-configuration-form';

describe('changing one switch of the view configuration', () => {
  it('changes that switch of that role only and leaves the original alone', () => {
    const next = withSwitch(DEFAULT_VIEW_CONFIGURATION, 'processor', 'columns', 'origin', false);
    expect(next.processor.columns.origin).toBe(false);
    expect(next.processor.columns.wait).toBe(true);
    expect(next.admin.columns.origin).toBe(true);
    expect(DEFAULT_VIEW_CONFIGURATION.processor.columns.origin).toBe(true);
    expect(withSwitch(next, 'processor', 'columns', 'origin', true)).toEqual(DEFAULT_VIEW_CONFIGURATION);
  });
});
