import { describe, expect, it } from 'vitest';
import type { PatientAppointment, ProbingAnswer, PublicQueue } from '@wartefrei/shared';
import { DONE_SECONDS, FORM_IDLE_SECONDS, idleAtStart, idleSeconds, initialKioskState, kioskReducer, needsForm, type KioskEvent, type KioskState } from './kiosk-flow';
import type { PrintableTicket } from './printer';

/* The kiosk's flow, transition by transition: the reducer alone, no screen. */

const queue = (id: string, fields: Partial<PublicQueue> = {}) =>
  ({ id, name: `Liste ${id}`, patient_inputs: {}, ask_patient_for_language: false, kiosk_refusal: null, ...fields }) as unknown as PublicQueue;
const noInputs: PublicQueue['patient_inputs'] = { mail: 'NONE', display_name: 'NONE', phone: 'NONE', first_name: 'NONE', birth_date: 'NONE', insurance_number: 'NONE' };
const walkIn = queue('a', { patient_inputs: noInputs });
const withForm = queue('b', { patient_inputs: { ...noInputs, phone: 'REQUIRED' } });
const printable = { number: 7 } as unknown as PrintableTicket;
const answers: ProbingAnswer[] = [{ question_id: 'q1', option_id: 'o1' }];

const run = (state: KioskState, ...events: KioskEvent[]) => events.reduce(kioskReducer, state);
const ticketMachine = initialKioskState(false);
const withAppointments = initialKioskState(true);

describe('the kiosk flow', () => {
  it('starts at the lists, or at the choice where the location offers appointments', () => {
    expect(ticketMachine.stage).toEqual({ kind: 'start' });
    expect(withAppointments.stage).toEqual({ kind: 'choice' });
  });

  it("moves to the choice when the location's appointments arrive after the first paint, not once the patient began", () => {
    expect(run(ticketMachine, { type: 'appointmentsKnown', offered: true }).stage).toEqual({ kind: 'choice' });
    const began = run(ticketMachine, { type: 'interviewed', result: { action: 'NOTHING', answers } });
    expect(run(began, { type: 'appointmentsKnown', offered: true }).stage).toEqual({ kind: 'start' });
    expect(run(ticketMachine, { type: 'appointmentsKnown', offered: false })).toBe(ticketMachine);
  });

  it('goes from the choice to the questions, the lists, the booking or the check-in', () => {
    expect(run(withAppointments, { type: 'chose', choice: 'ticket', hasInterview: true }).stage).toEqual({ kind: 'interview' });
    expect(run(withAppointments, { type: 'chose', choice: 'ticket', hasInterview: false }).stage).toEqual({ kind: 'start' });
    expect(run(withAppointments, { type: 'chose', choice: 'book', hasInterview: true }).stage).toEqual({ kind: 'book' });
    expect(run(withAppointments, { type: 'chose', choice: 'checkIn', hasInterview: false }).stage).toEqual({ kind: 'checkIn' });
  });

  it('carries the answers to the lists, or to the booking of the type they lead to', () => {
    const toList = run(ticketMachine, { type: 'interviewed', result: { action: 'QUEUE', queueId: 'a', answers } });
    expect(toList).toMatchObject({ stage: { kind: 'start' }, answers });
    const toBooking = run(ticketMachine, { type: 'interviewed', result: { action: 'BOOK_APPOINTMENT', typeId: 't1', queueId: 'a', answers } });
    expect(toBooking).toMatchObject({ stage: { kind: 'book', typeId: 't1' }, answers });
  });

  it('draws on one tap, shows the number while printing, and ignores a second tap meanwhile', () => {
    const drawing = run(ticketMachine, { type: 'tapped', queue: walkIn, needsForm: false });
    expect(drawing.busy).toBe('a');
    expect(run(drawing, { type: 'tapped', queue: withForm, needsForm: true })).toBe(drawing);
    const done = run(drawing, { type: 'printing', printable });
    expect(done).toMatchObject({ stage: { kind: 'done', printable }, busy: undefined });
  });

  it('asks for the data a list requires before it draws', () => {
    expect(needsForm(withForm)).toBe(true);
    expect(needsForm(walkIn)).toBe(false);
    expect(needsForm(queue('c', { ask_patient_for_language: true }))).toBe(true);
    const form = run(ticketMachine, { type: 'tapped', queue: withForm, needsForm: true });
    expect(form.stage).toEqual({ kind: 'form', queue: withForm });
    expect(form.busy).toBeUndefined();
  });

  it('draws nothing when the printer cannot print, and says so', () => {
    const refused = run(ticketMachine, { type: 'tapped', queue: walkIn, needsForm: false, problem: 'noPrinter' });
    expect(refused).toMatchObject({ stage: { kind: 'start' }, error: { key: 'noPrinter' } });
    expect(refused.busy).toBeUndefined();
  });

  it("keeps the number on screen with the printer's problem when printing failed, not after a reset", () => {
    const done = run(ticketMachine, { type: 'printing', printable });
    expect(run(done, { type: 'printFailed', printable, problem: 'printFailed' }).stage).toEqual({ kind: 'done', printable, problem: 'printFailed' });
    const next = run(done, { type: 'reset' });
    expect(run(next, { type: 'printFailed', printable, problem: 'printFailed' })).toBe(next);
  });

  it("says why a draw failed (sealing, the server's message, no connection) and lets the patient tap again", () => {
    const drawing = run(ticketMachine, { type: 'tapped', queue: walkIn, needsForm: false });
    const sealing = run(drawing, { type: 'drawFailed', error: { key: 'server:sealing.keyMismatch' } });
    expect(sealing).toMatchObject({ busy: undefined, error: { key: 'server:sealing.keyMismatch' } });
    expect(run(drawing, { type: 'drawFailed', error: { message: 'Die Liste ist geschlossen.' } }).error).toEqual({ message: 'Die Liste ist geschlossen.' });
    expect(run(sealing, { type: 'tapped', queue: walkIn, needsForm: false })).toMatchObject({ busy: 'a', error: undefined });
  });

  it("leaves a list's form for the start, saying why, when the list closes mid-flow", () => {
    const form = run(ticketMachine, { type: 'tapped', queue: withForm, needsForm: true });
    expect(run(form, { type: 'queuesChanged', queues: [walkIn, withForm] })).toBe(form);
    const closed = run(form, { type: 'queuesChanged', queues: [walkIn, { ...withForm, kiosk_refusal: 'QUEUE_CLOSED' }] });
    expect(closed).toMatchObject({ stage: { kind: 'start' }, error: { key: 'server:errors.QUEUE_CLOSED' } });
    const gone = run(form, { type: 'queuesChanged', queues: [walkIn] });
    expect(gone).toMatchObject({ stage: { kind: 'start' }, error: { key: 'deactivated.title' } });
    // Elsewhere in the flow a change of the lists moves nothing: the start shows them as they are.
    expect(run(ticketMachine, { type: 'queuesChanged', queues: [] })).toBe(ticketMachine);
  });

  it('returns to the first screen on a reset, forgetting answers and errors, and counts the resets', () => {
    const booked = run(withAppointments, { type: 'chose', choice: 'book', hasInterview: false }, { type: 'booked', appointment: { id: 'x' } as unknown as PatientAppointment });
    expect(booked.stage.kind).toBe('booked');
    const again = run(booked, { type: 'reset' });
    expect(again).toEqual({ stage: { kind: 'choice' }, offersAppointments: true, resets: 1 });
    const answered = run(ticketMachine, { type: 'interviewed', result: { action: 'NOTHING', answers } }, { type: 'tapped', queue: walkIn, needsForm: false, problem: 'noPrinter' });
    expect(run(answered, { type: 'reset' })).toEqual({ stage: { kind: 'start' }, offersAppointments: false, resets: 1 });
  });
});

describe('the idle timer as data', () => {
  it('gives the number and the booking 20 s, every form 90 s, and waits at the first screen for ever', () => {
    expect(idleSeconds(run(ticketMachine, { type: 'printing', printable }), false)).toBe(DONE_SECONDS);
    expect(idleSeconds({ ...ticketMachine, stage: { kind: 'booked', appointment: {} as PatientAppointment } }, false)).toBe(DONE_SECONDS);
    for (const kind of ['interview', 'book', 'checkIn'] as const) expect(idleSeconds({ ...withAppointments, stage: { kind } }, false)).toBe(FORM_IDLE_SECONDS);
    expect(idleSeconds(run(ticketMachine, { type: 'tapped', queue: withForm, needsForm: true }), false)).toBe(FORM_IDLE_SECONDS);
    expect(idleSeconds(withAppointments, true)).toBeUndefined();
    expect(idleSeconds(ticketMachine, false)).toBeUndefined();
  });

  it('resets a start with questions on screen or answers given: the next person must not meet them', () => {
    expect(idleSeconds(ticketMachine, true)).toBe(FORM_IDLE_SECONDS);
    expect(idleSeconds(run(ticketMachine, { type: 'interviewed', result: { action: 'NOTHING', answers } }), false)).toBe(FORM_IDLE_SECONDS);
  });

  it('loads a newer build only at an untouched first screen', () => {
    expect(idleAtStart(ticketMachine, false)).toBe(true);
    expect(idleAtStart(ticketMachine, true)).toBe(false);
    expect(idleAtStart(run(ticketMachine, { type: 'tapped', queue: walkIn, needsForm: false }), false)).toBe(false);
    expect(idleAtStart(run(withAppointments, { type: 'chose', choice: 'checkIn', hasInterview: false }), false)).toBe(false);
  });
});
