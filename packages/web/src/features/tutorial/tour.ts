import { driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import i18next from 'i18next';
import { stepsOf, type TourKind, type TourStep } from './steps';

/*
 * The tour itself, by driver.js (a chunk of its own, fetched when a tour starts): a popover
 * beside each element, a dialog for screen readers with the focus inside it, the steps
 * counted; the arrow keys and Escape are handled here. Before a step on another page it moves there (as a click in the
 * menu would) and waits for the element; `onEnd` hears the tour finished or closed.
 */

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`tutorial:${key}`, options);

/** Waits until the condition holds (a page and its data arrive), at most a few seconds. */
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

const here = (route: string) => `${window.location.pathname}${window.location.search}` === route;

export function runTour(kind: TourKind, isAdmin: boolean, navigate: (to: string) => void, onEnd: () => void): void {
  const steps = stepsOf(kind, isAdmin);
  const tour = driver({
    showProgress: true,
    // The arrow keys and Escape are ours (below): driver.js drops a key that comes while it is
    // still placing a popover, and our steps may first have to change the page.
    allowKeyboardControl: false,
    // No sliding between steps: it spares those who ask for reduced motion.
    animate: false,
    progressText: t('progress', { current: '{{current}}', total: '{{total}}' }),
    nextBtnText: t('next'),
    prevBtnText: t('back'),
    doneBtnText: t('done'),
    popoverClass: 'wartefrei-tour',
    onPopoverRender: (popover) => popover.closeButton.setAttribute('aria-label', t('close')),
    onDestroyed: () => {
      window.removeEventListener('keydown', onKey);
      onEnd();
    },
    steps: steps.map((step, index): DriveStep => ({
      ...(step.element ? { element: step.element } : {}),
      popover: {
        title: t(`steps.${step.key}.title`),
        description: t(`steps.${step.key}.text`),
        onNextClick: () => void go(steps[index + 1], index + 1),
        onPrevClick: () => void go(steps[index - 1], index - 1),
      },
    })),
  });
  let current = 0;
  let moving = false;
  const go = async (step: TourStep | undefined, index: number) => {
    if (!step) return tour.destroy();
    if (moving) return;
    moving = true;
    if (step.route && !here(step.route)) {
      navigate(step.route);
      // The page is a chunk of its own: the address changes once it has arrived.
      await until(() => here(step.route!));
    }
    if (step.element) await until(() => document.querySelector(step.element!) !== null);
    // The first step starts the driver; later ones move it on.
    if (tour.isActive()) tour.moveTo(index);
    else tour.drive(index);
    current = index;
    moving = false;
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') void go(steps[current + 1], current + 1);
    else if (event.key === 'ArrowLeft' && current > 0) void go(steps[current - 1], current - 1);
    else if (event.key === 'Escape') tour.destroy();
  };
  window.addEventListener('keydown', onKey);
  void go(steps[0], 0);
}
