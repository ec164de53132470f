import { Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile, Queue } from '@wartefrei/shared';
import { Page } from '../../ui/Page';
import { DevicesStep } from './DevicesStep';
import { FlowStep } from './FlowStep';
import { GeneralStep } from './GeneralStep';
import { OpenNowQuestion, type OpenableList } from './OpenNowQuestion';

/**
 * `/backend/onboarding` (admins, no side menu): a new practice in three steps — its data and
 * location, its first waiting lists with opening times (and, during those hours, whether they
 * open now), and what devices cost. A new account
 * arrives here after its first sign-in (LoginPage); each step saves before the next opens, and
 * going back edits what was saved instead of creating it twice.
 */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const [step, setStep] = useState(0);
  const [profile, setProfile] = useState<Profile>();
  const [queues, setQueues] = useState<Queue[]>([]);
  const [openable, setOpenable] = useState<OpenableList[]>([]);
  return (
    <Page title={t('title')}>
      <Text>{t('intro')}</Text>
      {/* The stepper shows where the owner is; only the current step is on the page. */}
      <Stepper active={step} onStepClick={(next) => next < step && setStep(next)} allowNextStepsSelect={false}>
        <Stepper.Step label={t('steps.general')} />
        <Stepper.Step label={t('steps.flow')} />
        <Stepper.Step label={t('steps.devices')} />
      </Stepper>
      {step === 0 && (
        <GeneralStep
          profile={profile}
          onSaved={(saved) => {
            setProfile(saved);
            setStep(1);
          }}
        />
      )}
      {step === 1 && profile && openable.length > 0 && (
        <OpenNowQuestion
          lists={openable}
          onDone={() => {
            setOpenable([]);
            setStep(2);
          }}
        />
      )}
      {step === 1 && profile && openable.length === 0 && (
        <FlowStep
          profile={profile}
          saved={queues}
          onBack={() => setStep(0)}
          onSaved={(saved, openNow) => {
            setQueues(saved);
            // A list whose hours have begun asks "Jetzt öffnen?" before the devices.
            if (openNow.length > 0) setOpenable(openNow);
            else setStep(2);
          }}
        />
      )}
      {step === 2 && profile && <DevicesStep profile={profile} queues={queues} onBack={() => setStep(1)} />}
    </Page>
  );
}
