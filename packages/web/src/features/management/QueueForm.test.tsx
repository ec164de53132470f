import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { QUEUE_DEFAULTS, QUEUE_FORM_SECTIONS, QUEUE_SETTING_NAMES, queueSetting, type Profile, type Queue } from '@wartefrei/shared';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { queryKeys } from '../../lib/query-keys';
import { SECTIONS } from './queue-form-fields';
import { QueueForm } from './QueueForm';

// Issue 45: a list setting is declared once (shared queue-settings.ts). A setting the form does not
// show saves through the API but cannot be edited: this fails when one is left out of QueueForm.
beforeAll(async () => {
  await initI18n();
});

const profile = { id: '00000000-0000-4000-8000-000000000001', name: 'Ordination Graz' } as Profile;

const session = { open: false, queueing_allowed: true, blocked: false, online_suspended: false, kiosk_suspended: false };
const storedList = (open: boolean): Queue => ({
  id: '00000000-0000-4000-8000-000000000002',
  profile_id: profile.id,
  name: 'Impfen',
  identifier: 'impfen',
  ...QUEUE_DEFAULTS,
  session: { ...session, open },
});

function showListForm(queue?: Queue) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.systemInformation, { sms_enabled: true });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme}>
        <QueueForm profile={profile} queue={queue} onSaved={() => undefined} defaultOpen />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const headingOf = (section: string) => i18next.t(`management:lists.queue.sections.${section}`);
/** A closed section renders no inputs: opens every one as a person would (general is open already). */
function openEverySection() {
  for (const section of QUEUE_FORM_SECTIONS.slice(1)) fireEvent.click(screen.getByRole('button', { name: headingOf(section) }));
}

/** The section heading a form field sits under (the accordion item's control). */
function sectionHeadingOf(field: string): string | undefined {
  const input = document.querySelector(`[name="${field}"]`);
  const panel = input?.closest('[aria-labelledby]');
  return panel ? (document.getElementById(panel.getAttribute('aria-labelledby')!)?.textContent ?? undefined) : undefined;
}

describe('the list form and the declared list settings', () => {
  it('puts every declared setting of the form into its declared section', () => {
    showListForm();
    openEverySection();
    const misplaced = QUEUE_FORM_SECTIONS.flatMap((section) => {
      const heading = headingOf(section);
      return SECTIONS[section]
        .filter((field) => sectionHeadingOf(field) !== heading)
        .map((field) => `${field} (declared in ${section}, shown in ${sectionHeadingOf(field) ?? 'no section'})`);
    });
    expect(misplaced).toEqual([]);
  });

  it('labels every setting the form edits', () => {
    const formSettings = QUEUE_SETTING_NAMES.filter((name) => queueSetting(name).section !== null);
    const unlabelled = formSettings.filter((name) => queueSetting(name).kind !== 'modes' && !i18next.exists(`management:lists.queue.fields.${name}`));
    expect(unlabelled).toEqual([]);
  });

  it.each([
    [true, true],
    [false, false],
  ])('on a list open: %s, a setting refused while open is disabled: %s', (open, disabled) => {
    showListForm(storedList(open));
    openEverySection();
    const refused = QUEUE_SETTING_NAMES.filter((name) => queueSetting(name).refusedWhileOpen);
    expect(refused.length).toBeGreaterThan(0);
    for (const name of refused) expect(document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.disabled).toBe(disabled);
    expect(document.querySelector<HTMLInputElement>('[name="average_process_minutes"]')?.disabled).toBe(false);
  });
});
