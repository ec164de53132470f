import { Anchor, Button, Checkbox, Code, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasMeaningfulCharacters, isRefusedIdentifier, PASSWORD_MIN_LENGTH, sanitizeIdentifier, SignupInput, type SignupResult } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { Page } from '../../ui/Page';
import { FormCard } from '../../ui/FormCard';
import { FormAlert } from '../../ui/FormAlert';
import { useFormValues } from '../../ui/useFormValues';

const EMPTY = {
  account_name: '',
  account_identifier: '',
  display_name: '',
  username: '',
  password: '',
  password_repeat: '',
  accept_terms: false,
  accept_data_usage: false,
};

/** Sign-up (/signup, /register): a practice account in its trial, confirmed by mail. */
export function SignupPage() {
  const { t } = useTranslation(['auth', 'server']);
  const form = useFormValues(EMPTY);
  // Until the identifier is typed into, it follows the practice name.
  const [identifierEdited, setIdentifierEdited] = useState(false);
  const identifier = sanitizeIdentifier(form.values.account_identifier);

  const signup = useMutation({
    mutationFn: (body: typeof EMPTY) => api.post<SignupResult>('/signup', body, { silent: true }),
    onError: (error) => form.showErrors(fieldErrorsOf(error)),
  });

  const label = (field: keyof typeof EMPTY) => t(`server:fields.${field}`);

  /** The identifier rules beyond the schema, checked on the sanitised value like the server. */
  const identifierProblem = (): string | undefined => {
    if (!identifier) return undefined; // the schema reports it as required
    if (!hasMeaningfulCharacters(identifier)) return t('server:validation.IDENTIFIER_INVALID', { 0: label('account_identifier') });
    if (isRefusedIdentifier(identifier)) return t('server:validation.IDENTIFIER_RESERVED', { 0: label('account_identifier') });
    return undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form.values, account_identifier: identifier };
    const errors = validateWithSchema(SignupInput, body);
    const problem = identifierProblem();
    if (problem) errors.account_identifier ??= problem;
    form.showErrors(errors);
    if (Object.keys(errors).length === 0) signup.mutate(body);
  };

  if (signup.isSuccess) {
    return (
      <Page title={t('signup.doneTitle')} size="sm">
        <FormAlert tone="success">
          <Stack gap="xs">
            <Text>{t('signup.done', { username: signup.data.username })}</Text>
            <Text size="sm">{t('signup.doneHint')}</Text>
          </Stack>
        </FormAlert>
        <Anchor component={Link} to="/login">
          {t('signup.login')}
        </Anchor>
      </Page>
    );
  }

  const serverProblem = signup.error instanceof ApiRequestError ? signup.error : undefined;
  // Field problems are shown at the fields; anything else (offline, rate limit …) above the form.
  const formProblem = signup.isError && Object.keys(fieldErrorsOf(signup.error)).length === 0;
  const publicLink = `${window.location.origin}/${identifier}`;

  return (
    <Page title={t('signup.title')} size="sm">
      <Text>{t('signup.intro')}</Text>
      <FormCard>
        <form ref={form.formRef} onSubmit={submit} noValidate aria-label={t('signup.title')}>
          <Stack gap="md">
            {formProblem && (
              <FormAlert tone="error" title={t('signup.failedTitle')}>
                {serverProblem?.network ? t('login.offline') : (serverProblem?.message ?? String(signup.error))}
              </FormAlert>
            )}
            <Title order={2} size="h3">
              {t('signup.practiceSection')}
            </Title>
            <TextInput
              {...form.textProps('account_name')}
              onChange={(event) => {
                const name = event.currentTarget.value;
                form.setValue('account_name', name);
                if (!identifierEdited) form.setValue('account_identifier', sanitizeIdentifier(name).toLowerCase());
              }}
              label={label('account_name')}
              description={t('signup.accountNameHint')}
              autoComplete="organization"
              required
            />
            <TextInput
              {...form.textProps('account_identifier')}
              onChange={(event) => {
                setIdentifierEdited(true);
                form.setValue('account_identifier', event.currentTarget.value);
              }}
              label={label('account_identifier')}
              description={t('signup.identifierHint')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            {identifier && (
              <Text size="sm" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
                {t('signup.identifierPreview')} <Code>{identifier}</Code>
                <br />
                {t('signup.publicLink')} <Code>{publicLink}</Code>
              </Text>
            )}

            <Title order={2} size="h3" mt="sm">
              {t('signup.userSection')}
            </Title>
            <TextInput {...form.textProps('display_name')} label={label('display_name')} description={t('signup.displayNameHint')} autoComplete="name" required />
            <TextInput {...form.textProps('username')} label={label('username')} type="email" inputMode="email" autoComplete="email" required />
            <PasswordInput
              {...form.textProps('password')}
              label={label('password')}
              description={t('signup.passwordHint', { min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
              required
            />
            <PasswordInput {...form.textProps('password_repeat')} label={label('password_repeat')} autoComplete="new-password" required />
            <Checkbox
              name="accept_terms"
              checked={form.values.accept_terms}
              onChange={(event) => form.setValue('accept_terms', event.currentTarget.checked)}
              label={t('signup.acceptTerms')}
              description={<ConsentLink to="/agb" label={t('signup.termsLink')} />}
              error={form.errors.accept_terms}
              required
            />
            <Checkbox
              name="accept_data_usage"
              checked={form.values.accept_data_usage}
              onChange={(event) => form.setValue('accept_data_usage', event.currentTarget.checked)}
              label={t('signup.acceptDataUsage')}
              description={<ConsentLink to="/datenschutz" label={t('signup.privacyLink')} />}
              error={form.errors.accept_data_usage}
              required
            />
            <Button type="submit" loading={signup.isPending} fullWidth mt="sm">
              {t('signup.submit')}
            </Button>
          </Stack>
        </form>
      </FormCard>
      <Text ta="center">
        {t('signup.haveAccount')}{' '}
        <Anchor component={Link} to="/login">
          {t('signup.login')}
        </Anchor>
      </Text>
    </Page>
  );
}

/** What a consent refers to, one click away; a new tab keeps the half-filled form. */
function ConsentLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} target="_blank" rel="noopener" size="xs">
      {label}
    </Anchor>
  );
}
