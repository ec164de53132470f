import { Button, Checkbox, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CryptoRefused, type EncryptionState } from '@wartefrei/shared';
import { holdAccountKey } from '../../lib/keyring';
import { useHeldOwnKey } from '../../lib/own-key';
import { useUser } from '../../lib/session';
import { TitledCard } from '../../ui/TitledCard';
import { notifyDone, notifyFailure } from '../processor/notify';
import { enableEncryption } from './encryption.api';
import { newAccountKey, ownKeyFor } from './key-steps';
import { OwnPassphraseField } from './OwnPassphraseField';

type Prepared = Awaited<ReturnType<typeof newAccountKey>>;

/** Prints the recovery code on a page of its own: nothing else of the screen goes to paper. */
function printRecoveryCode(code: string, title: string, note: string): void {
  const sheet = window.open('', '_blank', 'width=600,height=400');
  if (!sheet) return;
  const doc = sheet.document;
  doc.title = title;
  const heading = doc.createElement('h1');
  heading.textContent = title;
  const codeLine = doc.createElement('p');
  codeLine.textContent = code;
  codeLine.style.cssText = 'font: 700 24px monospace; letter-spacing: 2px';
  const hint = doc.createElement('p');
  hint.textContent = note;
  doc.body.append(heading, codeLine, hint);
  sheet.print();
}

/** Switching encryption on (admins): the practice's key made here, its recovery code shown once to print. */
export function EnableCard({ state, replace, reopen }: { state: EncryptionState; replace: (next: EncryptionState) => void; reopen: () => void }) {
  const { t } = useTranslation('encryption');
  const user = useUser();
  const [prepared, setPrepared] = useState<Prepared>();
  const [kept, setKept] = useState(false);
  const [busy, setBusy] = useState(false);
  const ownKey = state.my_key?.public_key;
  const heldOwn = useHeldOwnKey();
  const [passphrase, setPassphrase] = useState('');
  const [passphraseError, setPassphraseError] = useState<string>();

  // The practice key is granted to the admin's key as derived from their own private key (held, or opened with the passphrase).
  const prepare = async () => {
    if (!ownKey || !user) return;
    if (!heldOwn && passphrase === '') {
      setPassphraseError(t('own.passphraseNeeded'));
      return;
    }
    setBusy(true);
    setPassphraseError(undefined);
    try {
      setPrepared(await newAccountKey(await ownKeyFor(state, passphrase, user.id)));
      setPassphrase('');
      setKept(false);
    } catch (error) {
      if (error instanceof CryptoRefused) setPassphraseError(t('own.wrongPassphrase'));
      else notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!prepared || !user) return;
    setBusy(true);
    try {
      const next = await enableEncryption(prepared.body);
      if (next.key_id) holdAccountKey({ userId: user.id, keyId: next.key_id, privateKey: prepared.privateKey });
      setPrepared(undefined);
      replace(next);
      reopen();
      notifyDone(t('enable.done'));
    } catch (error) {
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <TitledCard id="enable-title" title={t('enable.title')} gap="sm">
      <Text size="sm">{t('enable.text')}</Text>
      {ownKey ? (
        <Group align="flex-end">
          {!heldOwn && <OwnPassphraseField value={passphrase} error={passphraseError} onChange={setPassphrase} />}
          <Button onClick={() => void prepare()} loading={busy && !prepared} loaderProps={{ 'aria-label': t('working') }}>
            {t('enable.start')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('enable.needsKey')}
        </Text>
      )}
      <Modal
        opened={prepared !== undefined}
        onClose={() => setPrepared(undefined)}
        title={t('enable.codeTitle')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {prepared && (
          <Stack gap="md">
            <Text size="sm">{t('enable.codeText')}</Text>
            <Code block fz="lg" data-testid="recovery-code" style={{ letterSpacing: 1 }}>
              {prepared.recoveryCode}
            </Code>
            <Group>
              <Button variant="default" onClick={() => printRecoveryCode(prepared.recoveryCode, t('enable.printTitle'), t('enable.printNote'))}>
                {t('enable.print')}
              </Button>
            </Group>
            <Checkbox label={t('enable.kept')} checked={kept} onChange={(e) => setKept(e.currentTarget.checked)} />
            <Group justify="flex-end">
              <Button onClick={() => void confirm()} disabled={!kept} loading={busy}>
                {t('enable.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </TitledCard>
  );
}
