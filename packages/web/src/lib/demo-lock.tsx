import { useTranslation } from 'react-i18next';
import { DEMO_ACCOUNT_IDENTIFIER } from '@wartefrei/shared';
import { FormAlert } from '../ui/FormAlert';
import { useAccount } from './account';

/**
 * Why a change is locked for the signed-in account: in the public demo (shared by every visitor)
 * the password, invitations and deleting lists, locations or staff are refused by the server
 * (DEMO_READ_ONLY, issue 40 §9), so their buttons are disabled with the server's own reason.
 * Undefined for every other practice.
 */
export function useDemoLock(): string | undefined {
  const { t } = useTranslation('server');
  const identifier = useAccount({ silent: true }).data?.identifier;
  return identifier?.toLowerCase() === DEMO_ACCOUNT_IDENTIFIER ? t('errors.DEMO_READ_ONLY') : undefined;
}

/** The reason, shown once above the screen's locked buttons (a disabled button shows no tooltip). */
export function DemoLockNotice({ id }: { id?: string }) {
  const reason = useDemoLock();
  return reason ? (
    <FormAlert tone="info" id={id} data-testid="demo-lock">
      {reason}
    </FormAlert>
  ) : null;
}
