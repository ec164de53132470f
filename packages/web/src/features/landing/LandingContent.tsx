import { IconArrowRight, IconClick, IconClockHour4, IconDeviceMobile, IconDeviceTablet, IconDeviceTv, IconLanguage, IconQrcode, type Icon } from '@tabler/icons-react';
import { PRICES } from '@wartefrei/shared';
import classes from './LandingPage.module.css';

/** The landing namespace's `t`: i18next's in the staff app, the front pages' own in the light app. */
export type LandingText = (key: string, values?: Record<string, string | number>) => string;

interface Feature {
  key: string;
  icon: Icon;
}

const PRACTICE_FEATURES: Feature[] = [
  { key: 'callNext', icon: IconClick },
  { key: 'monitor', icon: IconDeviceTv },
  { key: 'kiosk', icon: IconDeviceTablet },
];

const PATIENT_FEATURES: Feature[] = [
  { key: 'ticket', icon: IconQrcode },
  { key: 'position', icon: IconClockHour4 },
  { key: 'noApp', icon: IconDeviceMobile },
  { key: 'languages', icon: IconLanguage },
];

const STEPS = ['draw', 'wait', 'call'] as const;

/** What this server offers: the public demo, and payment (a trial and prices) only with Stripe. */
export interface LandingOffers {
  demo: boolean;
  payment: boolean;
}

/**
 * What wartefrei does for practices and patients, with the way into the trial and the demo.
 * Plain elements and its own CSS (no Mantine, no router): the first page a practice sees is
 * served by the light front-page app; the staff app shows the same component. Links are plain
 * links: their pages belong to the staff app. A self-hosted server sells nothing (no trial, no
 * prices) and a server without the demo links to none (issue 40 §9, §10).
 */
export function LandingContent({ t, offers }: { t: LandingText; offers: LandingOffers }) {
  const days = PRICES.trialDays;
  const trial = offers.payment ? t('hero.signup', { days }) : t('hero.signupFree');
  const closing = offers.payment
    ? offers.demo
      ? t('closing.text', { days })
      : t('closing.textNoDemo', { days })
    : offers.demo
      ? t('closing.textFree')
      : t('closing.textFreeNoDemo');
  const demoLink = (large: boolean) =>
    offers.demo && (
      <a href="/demo" className={`${classes.button} ${classes.outline}${large ? ` ${classes.large}` : ''}`}>
        {t('hero.demo')}
      </a>
    );

  return (
    <>
      <section className={classes.hero} aria-labelledby="landing-title">
        <div className={`${classes.container} ${classes.heroInner}`}>
          <div className={classes.narrow}>
            <h1 id="landing-title" className={classes.title}>
              {t('hero.title')}
            </h1>
            <p className={classes.lead}>{t('hero.lead')}</p>
            <div className={classes.actions}>
              <a href="/signup" className={`${classes.button} ${classes.filled} ${classes.large}`}>
                {trial}
                <IconArrowRight size={18} aria-hidden />
              </a>
              {demoLink(true)}
            </div>
            <p className={classes.small}>{offers.payment ? t('hero.signupNote') : t('hero.signupNoteFree')}</p>
          </div>
        </div>
      </section>

      <div className={`${classes.container} ${classes.body}`}>
        <FeatureSection t={t} id="practices" features={PRACTICE_FEATURES} columns={3} />
        <FeatureSection t={t} id="patients" features={PATIENT_FEATURES} columns={4} />

        <section aria-labelledby="landing-steps">
          <h2 id="landing-steps" className={`${classes.h2} ${classes.below}`}>
            {t('steps.title')}
          </h2>
          <ol className={`${classes.grid} ${classes.steps}`}>
            {STEPS.map((step, index) => (
              <li key={step} className={classes.card}>
                <div className={classes.stepHead}>
                  <span className={classes.stepNumber} aria-hidden>
                    {index + 1}
                  </span>
                  <h3 className={classes.h4}>{t(`steps.${step}.title`)}</h3>
                </div>
                <p className={classes.text}>{t(`steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <section className={classes.closing} aria-labelledby="landing-closing">
        <div className={`${classes.container} ${classes.closingInner}`}>
          <div className={`${classes.narrow} ${classes.closingStack}`}>
            <h2 id="landing-closing" className={classes.h2}>
              {t('closing.title')}
            </h2>
            <p className={classes.text}>{closing}</p>
            <div className={classes.actions}>
              <a href="/signup" className={`${classes.button} ${classes.filled}`}>
                {trial}
              </a>
              {demoLink(false)}
            </div>
            {offers.payment && (
              <a href="/pricing" className={classes.anchor}>
                {t('closing.pricing')}
              </a>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

interface FeatureSectionProps {
  t: LandingText;
  id: 'practices' | 'patients';
  features: Feature[];
  /** Cards per row on wide screens. */
  columns: 3 | 4;
}

function FeatureSection({ t, id, features, columns }: FeatureSectionProps) {
  const headingId = `landing-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.h2}>
        {t(`${id}.title`)}
      </h2>
      <p className={`${classes.text} ${classes.intro}`}>{t(`${id}.intro`)}</p>
      <div className={`${classes.grid} ${columns === 4 ? classes.four : classes.three}`}>
        {features.map(({ key, icon: FeatureIcon }) => (
          <div key={key} className={classes.card}>
            <span className={classes.featureIcon} aria-hidden>
              <FeatureIcon size={26} stroke={1.6} />
            </span>
            <h3 className={`${classes.h4} ${classes.featureTitle}`}>{t(`${id}.${key}.title`)}</h3>
            <p className={classes.text}>{t(`${id}.${key}.text`)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
