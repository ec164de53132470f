import { describe, expect, it } from 'vitest';
import type { PublicQueue, TicketView } from '@wartefrei/shared';
import { useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenAdmin } from '../../../test/support/factories.js';
import { givenOpenQueue, givenTicket, linkKey } from '../../../test/support/tickets.js';
import { uploadLogo } from '../../../test/support/images.js';
import { bookingBody, givenBookablePractice, SPRING } from '../../../test/support/appointments.js';

const t = useTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 } });

describe('the logo in the patients’ views', () => {
  it('is on the public queue and the ticket, with the list’s placements, and gone once the image is deleted', async () => {
    const { user, accountId } = await givenAdmin(t);
    const queueId = await givenOpenQueue(t, accountId, { logoPlacementTicket: 'BOTTOM', logoPlacementKiosk: 'NONE' });
    const before = await givenTicket(t, queueId);
    expect(before.queue).toMatchObject({ logo_url: null, logo_size: null, logo_placement_ticket: 'BOTTOM' });

    const image = await uploadLogo(t, user);
    await t.inject({ method: 'PATCH', url: `/accounts/${accountId}`, headers: asUser(user), payload: { logo_image_id: image.id } });
    const view = (await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>();
    // With its stored size (40 × 20, as uploaded): the page keeps its place before it loads.
    const size = { width: 40, height: 20 };
    expect(view).toMatchObject({ logo_url: image.url, logo_size: size, logo_placement_ticket: 'BOTTOM', logo_placement_kiosk: 'NONE' });
    const drawn = await givenTicket(t, queueId);
    expect(drawn.queue).toMatchObject({ logo_url: image.url, logo_size: size, logo_placement_ticket: 'BOTTOM' });
    const ticket = (await t.inject({ method: 'GET', url: `/members/${linkKey(before)}` })).json<TicketView>();
    expect(ticket.queue).toMatchObject({ logo_url: image.url, logo_size: size });

    await t.inject({ method: 'DELETE', url: `/images/${image.id}`, headers: asUser(user) });
    expect((await t.inject({ method: 'GET', url: `/members/${linkKey(before)}` })).json<TicketView>().queue.logo_url).toBeNull();
    expect((await t.inject({ method: 'GET', url: `/queues/${queueId}/public` })).json<PublicQueue>().logo_url).toBeNull();
  });
});

describe('the logo in mails', () => {
  it.each(['TOP', 'BOTTOM', 'NONE'] as const)('an appointment mail of a list with the ticket logo at %s', async (placement) => {
    const p = await givenBookablePractice(t, { at: SPRING.now, queue: { logoPlacementTicket: placement } });
    const image = await uploadLogo(t, p.user);
    await t.inject({ method: 'PATCH', url: `/accounts/${p.accountId}`, headers: asUser(p.user), payload: { logo_image_id: image.id } });
    const address = `logo-${placement.toLowerCase()}@example.com`;
    await t.inject({ method: 'POST', url: '/appointments', payload: bookingBody(p.type.id, SPRING.monday8, { mail: address }) });
    const mail = await t.smtp.waitForMail(address);
    const logo = `<img src="http://wartefrei.test${image.url}" alt=""`;
    if (placement === 'NONE') return expect(mail.html).not.toContain('<img');
    const [logoAt, headingAt, signoffAt] = [mail.html.indexOf(logo), mail.html.indexOf('<h1'), mail.html.indexOf('Ihr wartefrei-Team')];
    expect(logoAt).toBeGreaterThan(-1);
    expect(placement === 'TOP' ? logoAt < headingAt : logoAt > signoffAt).toBe(true);
    expect((await t.inject({ method: 'GET', url: image.url })).headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
