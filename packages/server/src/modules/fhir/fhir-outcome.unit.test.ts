import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '@wartefrei/shared';
import { AppError } from '../../platform/errors.js';
import { operationOutcome } from './fhir.outcome.js';

/** Every status the FHIR interface answers has its FHIR issue type, and our code and message ride along. */
describe('an error as an OperationOutcome', () => {
  const req = { headers: { 'accept-language': 'en' } } as FastifyRequest;
  it.each<[ErrorCode, string]>([
    ['VALIDATION', 'invalid'],
    ['UNAUTHORIZED', 'login'],
    ['SESSION_EXPIRED', 'expired'],
    ['FORBIDDEN', 'forbidden'],
    ['NOT_FOUND', 'not-found'],
    ['APPOINTMENT_SLOT_TAKEN', 'conflict'],
    ['UNSUPPORTED_MEDIA_TYPE', 'not-supported'],
    ['APPOINTMENT_NOT_BOOKABLE', 'business-rule'],
    ['RATE_LIMITED', 'throttled'],
    ['DATABASE_UNAVAILABLE', 'transient'],
    ['INTERNAL', 'exception'],
  ])('%s → %s', (code, type) => {
    const outcome = operationOutcome(new AppError(code), req) as {
      resourceType: string;
      issue: { severity: string; code: string; details: { coding: { code: string }[]; text: string } }[];
    };
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue).toEqual([{ severity: 'error', code: type, details: { coding: [{ system: 'urn:wartefrei:error-code', code }], text: expect.any(String) } }]);
    expect(outcome.issue[0]!.details.text.length).toBeGreaterThan(0);
  });

  it('gives each field problem its own issue at the FHIR element', () => {
    const outcome = operationOutcome(new AppError('VALIDATION', { fields: { last_name: 'REQUIRED', birth_date: 'BIRTH_DATE_FUTURE' } }), req) as unknown as {
      issue: { code: string; expression: string[] }[];
    };
    expect(outcome.issue.map((issue) => [issue.code, issue.expression])).toEqual([
      ['required', ['Patient.name.family']],
      ['invalid', ['Patient.birthDate']],
    ]);
  });
});
