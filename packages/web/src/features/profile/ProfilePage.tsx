import { Button, Group, NativeSelect, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeOwnPasswordInput, isSupportedLang, LANGUAGE_NAMES, PASSWORD_MIN_LENGTH, OFFERED_LANGS, UpdateOwnProfileInput, type LoggedUser } from '@wartefrei/shared';
import { changeLanguage, currentLanguage } from '../../i18n';
import { api, ApiRequestError } from '../../lib/api';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { setUser, useUser } from '../../lib/session';
import { Page } from '../../ui/Page';
import { FormCard } from '../../ui/FormCard';
import { FormAlert } from '../../ui/FormAlert';
import { DemoLockNotice, useDemoLock } from '../../lib/demo-lock';
import { useFormValues } from '../../ui/useFormValues';
import { SessionsCard } from './SessionsCard';
import { SecondFactorsCard } from './SecondFactorsCard';

/** How long the "Gespeichert" confirmation stays (docs/product.md#constants-and-limits). */
const SAVED_INDICATOR_MS = 6_000;

/** True for SAVED_INDICATOR_MS after each `show()`. */
function useSavedIndicator() {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = () => {
    clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => setVisible(false), SAVED_INDICATOR_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setVisible(false);
  };
  return { visible, show, hide };
}

/** The save button's row: the button and, for a few seconds after saving, "Gespeichert". */
function SaveRow({ label, loading, saved }: { label: string; loading: boolean; saved: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Group gap="md">
      <Button type="submit" loading={loading}>
        {label}
      </Button>
      <Text role="status" c="green.9" fw={500} size="sm">
        {saved && (
          <Group component="span" gap={4}>
            <IconCheck size={16} aria-hidden />
            {t('state.saved')}
          </Group>
        )}
      </Text>
    </Group>
  );
}

/** A failure that belongs to no field (offline, rate limit …), shown above the form. */
function FormProblem({ error }: { error: unknown }): ReactNode {
  const { t } = useTranslation(['profile', 'auth']);
  if (!error || Object.keys(fieldErrorsOf(error)).length > 0) return null;
  // 440 opens the frame's session dialog; nothing to add here.
  if (error instanceof ApiRequestError && error.status === 440) return null;
  const message = error instanceof ApiRequestError ? (error.network ? t('auth:login.offline') : error.message) : error instanceof Error ? error.message : t('auth:login.offline');
  return (
    <FormAlert tone="error" title={t('failedTitle')}>
      {message}
    </FormAlert>
  );
}

function PersonalDataForm({ user }: { user: LoggedUser }) {
  const { t } = useTranslation('profile');
  const saved = useSavedIndicator();
  // A free string in the form (a select's value); the schema checks it on submit.
  const lang: string = isSupportedLang(user.lang) ? user.lang : currentLanguage();
  const form = useFormValues({
    display_name: user.display_name,
    lang,
  });
  const save = useMutation({
    mutationFn: (body: UpdateOwnProfileInput) => api.patch<LoggedUser>('/users/me', body, { silent: true }),
    onSuccess: async (updated) => {
      setUser(updated);
      form.setValues({ display_name: updated.display_name, lang: isSupportedLang(updated.lang) ? updated.lang : form.values.lang });
      if (isSupportedLang(updated.lang) && updated.lang !== currentLanguage()) await changeLanguage(updated.lang);
      saved.show();
    },
    onError: (error) => form.showErrors(fieldErrorsOf(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saved.hide();
    const errors = validateWithSchema(UpdateOwnProfileInput, form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length === 0) save.mutate({ display_name: form.values.display_name.trim(), lang: form.values.lang as UpdateOwnProfileInput['lang'] });
  };

  return (
    <FormCard labelledBy="profile-personal">
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="profile-personal">
            {t('personal.title')}
          </Title>
          <Text size="sm">{t('personal.username', { username: user.username })}</Text>
          <FormProblem error={save.error} />
          <TextInput {...form.textProps('display_name')} label={t('personal.displayName')} description={t('personal.displayNameHint')} autoComplete="name" required />
          <NativeSelect
            {...form.textProps('lang')}
            onChange={(event) => form.setValue('lang', event.currentTarget.value)}
            label={t('personal.lang')}
            description={t('personal.langHint')}
            data={OFFERED_LANGS.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          />
          <SaveRow label={t('personal.submit')} loading={save.isPending} saved={saved.visible} />
        </Stack>
      </form>
    </FormCard>
  );
}

const NO_PASSWORDS = { current_password: '', password: '', password_repeat: '' };

function PasswordForm() {
  const { t } = useTranslation('profile');
  const saved = useSavedIndicator();
  const form = useFormValues(NO_PASSWORDS);
  const lockedReason = useDemoLock();
  const change = useMutation({
    mutationFn: (body: ChangeOwnPasswordInput) => api.post<void>('/users/me/password', body, { silent: true }),
    onSuccess: () => {
      form.setValues(NO_PASSWORDS);
      saved.show();
    },
    onError: (error) => form.showErrors(fieldErrorsOf(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saved.hide();
    const errors = validateWithSchema(ChangeOwnPasswordInput, form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length === 0) change.mutate(form.values);
  };

  return (
    <FormCard labelledBy="profile-password">
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="profile-password">
            {t('password.title')}
          </Title>
          <Text size="sm">{t('password.intro')}</Text>
          <DemoLockNotice id="demo-lock-password" />
          <FormProblem error={change.error} />
          {/* The demo's password is everybody's: its fields are disabled, the reason above. */}
          <fieldset
            disabled={lockedReason !== undefined}
            aria-describedby={lockedReason ? 'demo-lock-password' : undefined}
            style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
          >
            <Stack gap="md">
              <PasswordInput {...form.textProps('current_password')} label={t('password.current')} autoComplete="current-password" required />
              <PasswordInput
                {...form.textProps('password')}
                label={t('password.new')}
                description={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
                autoComplete="new-password"
                required
              />
              <PasswordInput {...form.textProps('password_repeat')} label={t('password.repeat')} autoComplete="new-password" required />
              <SaveRow label={t('password.submit')} loading={change.isPending} saved={saved.visible} />
            </Stack>
          </fieldset>
        </Stack>
      </form>
    </FormCard>
  );
}

/** /backend/profile: the signed-in user's name, language, password and sessions. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useUser();
  // The backend guard renders this page only for a signed-in user.
  if (!user) return null;
  return (
    <Page title={t('title')} size="sm">
      <PersonalDataForm user={user} />
      <PasswordForm />
      <SecondFactorsCard />
      <SessionsCard />
    </Page>
  );
}
