import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import type { LoggedUser } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { clearUser, hasValidToken, useUser } from '../../lib/session';
import { Page } from '../../ui/Page';
import { currentHandle } from '../route-handle';
import { queryKeys } from '../../lib/query-keys';
import { SubscriptionBanner } from '../../features/billing/SubscriptionBanner';
import { PracticeKeyBanner } from '../../features/encryption/PracticeKeyBanner';
import { TutorialOffer } from '../../features/tutorial/TutorialOffer';
import { SecondFactorSetup } from '../../features/profile/SecondFactorSetup';

/**
 * The guard of /backend: without a valid token to /login (asking to sign in first, remembering the target); the stored
 * token is confirmed with the server once; admin routes show non-admins the permission message.
 */
export function BackendLayout() {
  const { t } = useTranslation('common');
  const user = useUser();
  const location = useLocation();
  const handle = currentHandle(useMatches());
  const signedIn = hasValidToken(user);

  const check = useQuery({
    queryKey: queryKeys.auth(user?.id, user?.token),
    queryFn: () => api.get<LoggedUser>('/auth', { silent: true }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
    retry: false,
  });
  // A token the server no longer knows (logged out elsewhere, password reset): sign in again.
  useEffect(() => {
    if (check.error instanceof ApiRequestError && check.error.status === 401) clearUser();
  }, [check.error]);

  if (!signedIn) {
    // Signed out: `required=1`, the login says "Bitte melden Sie sich zuerst an" (docs/product.md#errors),
    // then leads back here. A session that ran out in this tab was already explained by its dialog
    // ("Sitzung abgelaufen", ApiEventBridge), which leads to the same login without the notice.
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?${user ? '' : 'required=1&'}next=${encodeURIComponent(next)}`} replace />;
  }
  // The practice requires a second factor and this sign-in has none: its setup, and nothing else.
  if ((check.data ?? user).second_factor_setup_required === true) return <SecondFactorSetup />;
  if (handle?.admin && !user.is_admin) {
    return (
      <Page title={t(`routes.${handle.title}`)}>
        <Alert color="red" icon={<IconLock aria-hidden />} role="alert">
          {t('errors.noPermission')}
        </Alert>
      </Page>
    );
  }
  return (
    <>
      <SubscriptionBanner />
      <PracticeKeyBanner />
      <Outlet />
      <TutorialOffer />
    </>
  );
}
