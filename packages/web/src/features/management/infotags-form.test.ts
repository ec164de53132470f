import { CreateInfoTagInput, type InfoTag } from '@wartefrei/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_INFO_TAG, infoTagFormValuesOf, infoTagInputOf } from './infotags-form';

describe('info tag form', () => {
  it('sends no minutes without a delay, whatever was typed before', () => {
    const body = infoTagInputOf({ ...EMPTY_INFO_TAG, name: 'Nüchtern', delay: 'NONE', delay_minutes: '15' });
    expect(body).toMatchObject({ delay: 'NONE', delay_minutes: 0, label: null, color: null, ticket_text: null });
    expect(CreateInfoTagInput.safeParse(body).success).toBe(true);
  });

  it.each([
    ['EARLIER', '0', ['delay_minutes']], // the shared delay rule
    ['LATER', '', ['delay_minutes']],
    ['LATER', '20', []],
  ] as const)('delay %s with %j minutes → issues at %j', (delay, minutes, paths) => {
    const result = CreateInfoTagInput.safeParse(infoTagInputOf({ ...EMPTY_INFO_TAG, name: 'Befund', delay, delay_minutes: minutes }));
    expect(result.error?.issues.map((issue) => issue.path.join('.')) ?? []).toEqual(paths);
  });

  it('round-trips a stored tag', () => {
    const tag: InfoTag = {
      id: '6f1c0a52-3b8e-4b3e-9d55-0c2d7f1e9a10',
      name: 'Befund',
      label: 'Befundbesprechung',
      color: '#1C7ED6',
      delay: 'LATER',
      delay_minutes: 20,
      time_priority: true,
      visible_on_ticket: false,
      ticket_text: null,
      hide_times_on_ticket: true,
    };
    const { id, ...fields } = tag;
    expect(id).toBeDefined();
    expect(infoTagInputOf(infoTagFormValuesOf(tag))).toEqual(fields);
  });
});
