import { Anchor, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, UpdateAccountInput, type Account } from '@wartefrei/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { SaveRow } from './SavedNote';
import { useSavedFlag } from './useSavedFlag';
import { usePatchAccount } from './usePatchAccount';

/** How long patients' data is kept, and the way to the audit log (docs/security.md#retention). */
export function RetentionSettings({ account }: { account: Account }) {
  const { t } = useTranslation(['management', 'server']);
  const patchAccount = usePatchAccount(account.id);
  const { saved, markSaved } = useSavedFlag();
  const form = useFormValues({ retention_days: String(account.retention_days) });
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: UpdateAccountInput,
    showErrors: form.showErrors,
    save: async (body: { retention_days: number }) => {
      await patchAccount(body);
      markSaved();
    },
  });
  // A shorter period erases, at the next nightly run, what the longer one kept: it asks first.
  const [shortening, setShortening] = useState<number>();
  const typed = () => {
    const days = form.values.retention_days.trim();
    return days === '' ? Number.NaN : Number(days);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = typed();
    if (Number.isInteger(days) && days >= RETENTION_DAYS_MIN && days <= RETENTION_DAYS_MAX && days < account.retention_days) setShortening(days);
    else void save({ retention_days: days });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="general-privacy-title">
      <Title order={2} size="h4" id="general-privacy-title" mb="sm">
        {t('general.privacyTitle')}
      </Title>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          {/* A plain text field: a number input would quietly clamp 0 to 1 day, and this value erases data. */}
          <TextInput
            label={t('general.retentionDays')}
            description={t('general.retentionHint')}
            required
            inputMode="numeric"
            rightSection={<Text size="sm">{t('general.days')}</Text>}
            rightSectionWidth={56}
            {...form.textProps('retention_days')}
          />
          <Text size="sm">
            {t('general.auditHint')}{' '}
            <Anchor component={Link} to="/backend/audit">
              {t('general.auditLink')}
            </Anchor>
          </Text>
          <SaveRow saved={saved} busy={busy} />
        </Stack>
      </form>
      <ConfirmDialog
        opened={shortening !== undefined}
        title={t('general.shortenTitle', { days: shortening ?? 0 })}
        message={t('general.shortenMessage', { days: shortening ?? 0 })}
        confirmLabel={t('general.shortenConfirm')}
        danger
        loading={busy}
        onConfirm={() => {
          const days = shortening;
          setShortening(undefined);
          if (days !== undefined) void save({ retention_days: days });
        }}
        onClose={() => setShortening(undefined)}
      />
    </Paper>
  );
}
