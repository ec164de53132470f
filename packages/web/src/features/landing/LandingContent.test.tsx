import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTexts, translate } from '../front-pages/front-i18n';
import { LandingContent, type LandingOffers } from './LandingContent';

beforeAll(async () => {
  await loadTexts(['landing'], 'de');
});

const show = (offers: LandingOffers) => {
  const { container, unmount } = render(<LandingContent t={(key, values) => translate('de', 'landing', key, values)} offers={offers} />);
  const links = [...container.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]);
  const text = container.textContent ?? '';
  unmount();
  return { links, text };
};

/** Issue 40 §9, §10: the landing sells a trial only with billing, and links to a demo only where there is one. */
describe("the landing page's offers", () => {
  it('with Stripe and the demo: the trial, the demo and the prices', () => {
    const { links, text } = show({ demo: true, payment: true });
    expect(links).toContainEqual(['/signup', '14 Tage kostenlos testen']);
    expect(links).toContainEqual(['/demo', 'Demo ansehen']);
    expect(links.map(([href]) => href)).toContain('/pricing');
    expect(text).toMatch(/Kreditkarte/);
  });

  it('self-hosted without a demo: sign-up only, no price, trial or demo', () => {
    const { links, text } = show({ demo: false, payment: false });
    expect(links.map(([href]) => href)).toEqual(['/signup', '/signup']);
    expect(links[0]?.[1]).toBe('Praxis registrieren');
    expect(text).not.toMatch(/Tage|testen|Kreditkarte|Preis|Demo/);
  });

  it('self-hosted with the demo: the demo without a trial', () => {
    const { links, text } = show({ demo: true, payment: false });
    expect(links.map(([href]) => href).sort()).toEqual(['/demo', '/demo', '/signup', '/signup']);
    expect(text).not.toMatch(/Tage|Kreditkarte|Preis/);
  });
});
