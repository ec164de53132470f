import { describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { setNow } from '../../../test/support/test-clock.js';
import { asUser, freshAddress } from '../../../test/support/factories.js';
import { drawRequest, givenOpenQueue } from '../../../test/support/tickets.js';

/*
 * A list's public draws per minute, whatever the addresses (DRAW_LIMIT_PER_LIST): what a
 * client with many addresses (a botnet, a provider's IPv6 prefixes) cannot step around.
 */

const t = useTestApp({ drawLimit: { perIp: 2, windowSeconds: 600 }, drawListLimit: { perList: 3, windowSeconds: 60 } });
const admin = useAdmin(t);

const draw = (queueId: string, ip = freshAddress()) => drawRequest(t, queueId, {}, ip);
/** Moves the clock on to `seconds` into a minute of its own (forward only: the admin's token stays valid). */
const intoNextMinute = (seconds = 0) => setNow(t.clock, new Date((Math.floor(t.clock.now().getTime() / 60_000) + 1) * 60_000 + seconds * 1000));

describe('public draws per list and minute', () => {
  it('hands out the minute’s draws to any addresses, then refuses until the minute turns; another list draws on', async () => {
    const [queueId, other] = [await givenOpenQueue(t, admin.accountId), await givenOpenQueue(t, admin.accountId)];
    intoNextMinute(10);
    for (let i = 0; i < 3; i++) expect((await draw(queueId)).statusCode).toBe(201);
    const refused = await draw(queueId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ApiError>().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('50');
    expect((await draw(other)).statusCode).toBe(201);
    intoNextMinute();
    expect((await draw(queueId)).statusCode).toBe(201);
  });

  it('counts a draw for the list only once its address may draw: one address’s flood leaves the list to others', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    intoNextMinute();
    const flooder = '198.51.100.66';
    expect((await draw(queueId, flooder)).statusCode).toBe(201);
    expect((await draw(queueId, flooder)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await draw(queueId, flooder)).statusCode).toBe(429);
    expect((await draw(queueId)).statusCode).toBe(201);
    expect((await draw(queueId)).statusCode).toBe(429);
  });

  it('never refuses a staff member’s manual draw', async () => {
    const queueId = await givenOpenQueue(t, admin.accountId);
    intoNextMinute();
    for (let i = 0; i < 3; i++) expect((await draw(queueId)).statusCode).toBe(201);
    expect((await draw(queueId)).statusCode).toBe(429);
    const manual = await t.inject({ method: 'POST', url: `/queues/${queueId}/members`, headers: asUser(admin.user), payload: { origin: 'MANUAL' } });
    expect(manual.statusCode, manual.body).toBe(201);
  });
});
