import { randomUUID } from 'node:crypto';
import { addDays, isoWeekday, localDateOf, zonedTimeToUtc, type LocalDate } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, probingAnswers, queueMemberInfoTags, queueMembers } from '../../db/schema/index.js';
import { demoEarlierHistory, seedDemoEarlier } from './demo-earlier.js';

/**
 * Eight weeks of the demo practice's past (issue 19 §6), so that reporting shows real-looking
 * charts on the first start: each weekday's arrivals follow the hours of a GP's morning (a
 * Monday rush, a quiet Friday, Thursday afternoons), each list serves its line one patient at a
 * time so waits grow with the queue, a few patients cancel, leave or never come, online patients
 * answer the questionnaire. A fixed seed: every new demo shows the same history.
 */

export interface HistoryPlace {
  accountId: string;
  timeZone: string;
  general: string;
  lab: string;
  processorId: string;
  adminId: string;
  talkTypeId: string;
  profileId: string;
  infectionTagId: string;
}

const WEEKS = 8;
const MINUTE = 60_000;

/** mulberry32: a small seeded generator, so the history is the same on every machine. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Arrivals per opening hour (local) of a weekday, before the weekday's own factor. */
const MORNING: [string, number][] = [
  ['07:30', 4],
  ['08:00', 11],
  ['09:00', 10],
  ['10:00', 7],
  ['11:00', 4],
];
const THURSDAY_AFTERNOON: [string, number][] = [
  ['14:00', 5],
  ['15:00', 6],
  ['16:00', 4],
  ['17:00', 2],
];
const WEEKDAY_FACTOR = [0, 1.35, 1.05, 0.95, 1.0, 0.75];

type MemberRow = typeof queueMembers.$inferInsert;

interface Day {
  date: LocalDate;
  session: number;
}

/** The history's rows, ready to insert. */
export function demoHistory(
  now: Date,
  place: HistoryPlace,
): {
  members: MemberRow[];
  tags: (typeof queueMemberInfoTags.$inferInsert)[];
  answers: (typeof probingAnswers.$inferInsert)[];
  appointments: (typeof appointments.$inferInsert)[];
} {
  const random = seeded(19);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const today = localDateOf(now, place.timeZone);
  const days: Day[] = [];
  for (let back = WEEKS * 7; back >= 1; back -= 1) {
    const date = addDays(today, -back);
    // History sessions are numbered below zero: the live counter (from 0 up) never meets them.
    if (isoWeekday(date) <= 5) days.push({ date, session: -(days.length + 1) });
  }
  const members: MemberRow[] = [];
  const tags: (typeof queueMemberInfoTags.$inferInsert)[] = [];
  const answers: (typeof probingAnswers.$inferInsert)[] = [];
  const booked: (typeof appointments.$inferInsert)[] = [];
  const answer = (memberId: string, step: number, questionText: string, optionText: string, at: Date) =>
    answers.push({ accountId: place.accountId, memberId, step, questionText, optionText, createdAt: at });

  for (const { date, session } of days) {
    const weekday = isoWeekday(date);
    const hours = weekday === 4 ? [...MORNING, ...THURSDAY_AFTERNOON] : MORNING;
    const arrivals: { at: number; lab: boolean }[] = [];
    for (const [start, perHour] of hours) {
      const from = zonedTimeToUtc(date, start, place.timeZone).getTime();
      const length = start === '07:30' ? 30 : 60;
      const count = Math.round(perHour * WEEKDAY_FACTOR[weekday]! * (length / 60) * (0.8 + random() * 0.4));
      for (let i = 0; i < count; i += 1) arrivals.push({ at: from + Math.floor(random() * length) * MINUTE, lab: random() < 0.3 });
    }
    arrivals.sort((a, b) => a.at - b.at);
    const closing = zonedTimeToUtc(date, weekday === 4 ? '18:00' : '12:30', place.timeZone).getTime();
    // One line per list, served one patient at a time: a patient is called when the one before is done.
    const freeAt = { general: 0, lab: 0 };
    const ordinal = { general: 0, lab: 0 };
    for (const arrival of arrivals) {
      const list = arrival.lab ? 'lab' : 'general';
      const queueId = place[list];
      ordinal[list] += 1;
      const id = randomUUID();
      const drawn = new Date(arrival.at);
      const origin = pick(['ONLINE', 'ONLINE', 'ONLINE', 'ONLINE', 'ONLINE', 'KIOSK', 'KIOSK', 'KIOSK', 'MANUAL'] as const);
      const serviceMinutes = list === 'lab' ? 2 + random() * 5 : 4 + random() * 10;
      const callAt = Math.max(arrival.at + MINUTE, freeAt[list]);
      const estimate = new Date(callAt + (random() * 12 - 6) * MINUTE);
      const base: MemberRow = {
        id,
        accountId: place.accountId,
        queueId,
        numberQueueId: queueId,
        sessionNo: session,
        ordinal: ordinal[list],
        number: ordinal[list],
        origin,
        orderAt: drawn,
        createdAt: drawn,
        firstEstimatedStart: estimate,
      };
      const fate = random();
      if (callAt > closing) {
        members.push({ ...base, status: 'FINISHED_BY_TIMEOUT', cancelState: 'SESSION_END', actualEnd: new Date(closing) });
      } else if (fate < 0.04) {
        members.push({ ...base, status: 'FINISHED_BY_USER', cancelState: 'USER', actualEnd: new Date(arrival.at + (3 + random() * 15) * MINUTE) });
      } else if (fate < 0.07) {
        members.push({ ...base, status: 'FINISHED_BY_PROCESSOR', removed: true, actualEnd: new Date(arrival.at + (5 + random() * 20) * MINUTE) });
      } else {
        const processorId = list === 'general' && random() < 0.25 ? place.adminId : place.processorId;
        const timedOut = fate < 0.09;
        const end = callAt + serviceMinutes * MINUTE;
        freeAt[list] = timedOut ? callAt + 2 * MINUTE : end;
        members.push({
          ...base,
          status: timedOut ? 'FINISHED_BY_TIMEOUT' : 'FINISHED_BY_PROCESSOR',
          cancelState: timedOut ? 'TIMEOUT' : null,
          processorId,
          actualStart: new Date(callAt),
          actualEnd: new Date(timedOut ? callAt + 15 * MINUTE : end),
        });
      }
      if (origin === 'ONLINE') {
        const fever = random() < 0.12 && list === 'general';
        answer(id, 1, 'Haben Sie Fieber oder Husten?', fever ? 'Ja' : 'Nein', drawn);
        if (fever) tags.push({ memberId: id, infoTagId: place.infectionTagId, createdAt: drawn });
        else answer(id, 2, 'Weshalb kommen Sie heute?', list === 'lab' ? 'Blutabnahme' : 'Besuch bei der Ärztin', drawn);
      }
    }
    // Appointments with Paula: four or five talks a morning, most kept, some never come, a few cancelled.
    const slots = ['08:15', '08:45', '09:30', '10:15', '11:00', '11:30'].filter(() => random() < 0.8);
    for (const time of slots) {
      const startAt = zonedTimeToUtc(date, time, place.timeZone);
      const appointmentId = randomUUID();
      const fate = random();
      const status = fate < 0.1 ? 'NO_SHOW' : fate < 0.15 ? 'BOOKED' : 'FINISHED';
      booked.push({
        id: appointmentId,
        accountId: place.accountId,
        profileId: place.profileId,
        queueId: place.general,
        appointmentTypeId: place.talkTypeId,
        processorId: place.processorId,
        startAt,
        endAt: new Date(startAt.getTime() + 15 * MINUTE),
        status,
        cancelState: status === 'BOOKED' ? 'USER' : null,
        source: random() < 0.4 ? 'SELF_BOOKED' : 'FRONTEND',
        lastName: pick(['Huber', 'Gruber', 'Wagner', 'Bauer', 'Novak', 'Yılmaz', 'Horvat', 'Schmid']),
        checkedInAt: status === 'FINISHED' ? new Date(startAt.getTime() - 4 * MINUTE) : null,
        createdAt: new Date(startAt.getTime() - 6 * 24 * 60 * MINUTE),
      });
      if (status !== 'FINISHED') continue;
      ordinal.general += 1;
      const drawn = new Date(startAt.getTime() - 4 * MINUTE);
      const called = new Date(startAt.getTime() + random() * 9 * MINUTE);
      members.push({
        accountId: place.accountId,
        queueId: place.general,
        numberQueueId: place.general,
        sessionNo: session,
        ordinal: ordinal.general,
        number: ordinal.general,
        origin: 'APPOINTMENT',
        appointmentId,
        orderAt: drawn,
        createdAt: drawn,
        firstEstimatedStart: startAt,
        status: 'FINISHED_BY_PROCESSOR',
        processorId: place.processorId,
        actualStart: called,
        actualEnd: new Date(called.getTime() + (10 + random() * 8) * MINUTE),
      });
    }
  }
  return { members, tags, answers, appointments: booked };
}

/** Writes the history in batches (one statement per batch, inside the seeding transaction). */
export async function seedDemoHistory(tx: Queryable, now: Date, place: HistoryPlace): Promise<void> {
  const history = demoHistory(now, place);
  const earlier = demoEarlierHistory(history.appointments, place);
  const inBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
  };
  await inBatches(history.appointments, (batch) => tx.insert(appointments).values(batch));
  await seedDemoEarlier(tx, earlier);
  await inBatches(history.members, (batch) => tx.insert(queueMembers).values(batch));
  await inBatches(history.tags, (batch) => tx.insert(queueMemberInfoTags).values(batch));
  await inBatches(history.answers, (batch) => tx.insert(probingAnswers).values(batch));
}
