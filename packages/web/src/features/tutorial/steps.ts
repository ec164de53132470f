/*
 * The tutorial's steps (SPEC's sections: welcome, header, processor view, appointments,
 * management, billing, profile, dismissal). Each points at a real element of the app by
 * `data-tour` (or the page's heading) and names the page it lives on: the tour goes there first.
 * The quick tour takes the steps marked `quick`: what the offer promises it shows (where to call
 * patients, where appointments are, the profile), the extended one all (tutorial:offer.text).
 */

export type TourKind = 'quick' | 'extended';

export interface TourStep {
  /** The catalogue key under `tutorial:steps` (title and text). */
  key: string;
  /** The element to point at; none: a centred note. */
  element?: string;
  /** The page the element is on, where it is not on every page. */
  route?: string;
  quick?: boolean;
  admin?: boolean;
}

export const TOUR_STEPS: TourStep[] = [
  { key: 'welcome', quick: true },
  { key: 'header', element: '[data-tour="header"]', quick: true },
  { key: 'language', element: '[data-tour="language"]' },
  { key: 'processor', element: '[data-tour="processor"]', quick: true },
  { key: 'workView', element: 'main h1', route: '/backend/processor', quick: true },
  { key: 'appointments', element: '[data-tour="appointments"]', quick: true },
  { key: 'reporting', element: '[data-tour="reporting"]' },
  { key: 'management', element: '[data-tour="management"]', admin: true },
  { key: 'billing', element: 'main h1', route: '/backend/management?tab=billing', admin: true },
  { key: 'profile', element: '[data-tour="profile"]', quick: true },
  { key: 'dismissal', element: '[data-tour="user-menu"]', quick: true },
];

export function stepsOf(kind: TourKind, isAdmin: boolean): TourStep[] {
  return TOUR_STEPS.filter((step) => (kind === 'extended' || step.quick) && (isAdmin || !step.admin));
}
