import { CreateMonitorInput } from '@wartefrei/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_MONITOR, monitorInputOf, monitorPaths, moveQueue, toggleQueue } from './monitors-form';

describe('monitor queue order', () => {
  it.each([
    [['a', 'b', 'c'], 1, -1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 1, 1, ['a', 'c', 'b']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']], // the first cannot go up
    [['a', 'b', 'c'], 2, 1, ['a', 'b', 'c']], // the last cannot go down
    [[], 0, 1, []],
  ] as const)('moveQueue(%j, %i, %i) → %j', (ids, index, by, expected) => {
    expect(moveQueue([...ids], index, by)).toEqual(expected);
  });

  it.each([
    [['a'], 'b', true, ['a', 'b']], // appended: shown last
    [['a', 'b'], 'b', true, ['a', 'b']], // never twice
    [['a', 'b', 'c'], 'b', false, ['a', 'c']],
  ] as const)('toggleQueue(%j, %s, %s) → %j', (ids, id, shown, expected) => {
    expect(toggleQueue([...ids], id, shown)).toEqual(expected);
  });
});

describe('monitor form', () => {
  it('sends the zoom as a number and the queues in order; an empty zoom fails the shared schema', () => {
    const body = monitorInputOf({ ...EMPTY_MONITOR, identifier: 'tv', display_name: 'TV', custom_zoom: '150' }, ['q2', 'q1']);
    expect(body).toMatchObject({ custom_zoom: 150, queue_ids: ['q2', 'q1'] });
    expect(CreateMonitorInput.safeParse(body).success).toBe(true);
    const empty = CreateMonitorInput.safeParse(monitorInputOf({ ...EMPTY_MONITOR, identifier: 'tv', display_name: 'TV', custom_zoom: '' }, []));
    expect(empty.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['custom_zoom']);
  });

  it('has both public links when the account identifier is known, else the one by id', () => {
    expect(monitorPaths({ id: 'm1', identifier: 'warte zimmer' }, 'praxis-demo')).toEqual(['/monitor/m1', '/praxis-demo/monitor/warte%20zimmer']);
    expect(monitorPaths({ id: 'm1', identifier: 'tv' }, undefined)).toEqual(['/monitor/m1']);
  });
});
