import { describe, expect, it } from 'vitest';
import type { AssignedProcessor } from '@wartefrei/shared';
import { mayChooseProcessor, processorChoices } from './actual-processor';

const processor = (id: string, display_name: string, active: boolean) => ({ id, display_name, username: `${id}@praxis.example`, active }) as AssignedProcessor;

describe('who may choose who serves a ticket', () => {
  it.each([
    [{ is_admin: true }, undefined, false, true],
    [{ is_admin: false }, { active: true }, false, true],
    [{ is_admin: false }, { active: false }, false, false], // only managing, the list does not allow it
    [{ is_admin: false }, { active: false }, true, true],
    [{ is_admin: false }, undefined, false, false],
  ])('%o, own %o, switch %s → %s', (user, own, allowed, expected) => {
    expect(mayChooseProcessor(user, own, { allow_actual_processor_selection_for_non_active_processors: allowed })).toBe(expected);
  });
});

describe('whom a ticket can be handed to', () => {
  const huber = processor('a', 'Dr. Huber', true);
  const berger = processor('b', 'Dr. Berger', true);
  const away = processor('c', 'Dr. Weg', false);

  it('the active processors and the current one; not those only managing the list', () => {
    expect(processorChoices({ processor_id: 'a' }, [huber, berger, away], 'jemand').map((c) => c.label)).toEqual(['Dr. Huber', 'Dr. Berger']);
  });

  it('a current processor not on the list is kept under the given name', () => {
    expect(processorChoices({ processor_id: 'z' }, [huber], 'jemand anderes')).toEqual([
      { value: 'z', label: 'jemand anderes' },
      { value: 'a', label: 'Dr. Huber' },
    ]);
  });

  it('nothing to choose when only the current one serves', () => {
    expect(processorChoices({ processor_id: 'a' }, [huber, away], 'jemand')).toEqual([]);
  });
});
