import fc from 'fast-check';
import type { FuzzRoute, JsonSchema } from './route-catalogue.js';
import type { IdKind, IdPool } from './fuzz-world.js';
import { malformedId } from './hostile-values.js';

/*
 * Which real ids an input takes. A path parameter is known by the segment before it (its
 * resource) and its name; a body or query field by its name. The test fails for a parameter or
 * an `*_id` field that no rule names, so a new route cannot go unfuzzed with real ids.
 */

/** `<segment before>/{param}` → kind. `{x}` as the segment before means "after parameter x". */
const PATH_PARAMS: Record<string, IdKind> = {
  'accounts/{id}': 'account',
  'profiles/{id}': 'profile',
  'queues/{id}': 'queue',
  'queues/{queueId}': 'queue',
  'schedule/{entryId}': 'entry',
  'processors/{userId}': 'user',
  'processors/{id}': 'user',
  'info-tags/{id}': 'tag',
  'info-tags/{tagId}': 'tag',
  'members/{id}': 'member',
  'members/{token}': 'memberKey',
  'monitors/{id}': 'monitor',
  'appointment-types/{id}': 'appointmentType',
  'appointment-slots/{id}': 'slot',
  'appointments/{id}': 'appointment',
  'appointments/{token}': 'appointmentKey',
  'vacations/{id}': 'vacation',
  'probing-questions/{id}': 'question',
  'id/{id}': 'routable',
  'identifier/{account}': 'accountIdentifier',
  '{account}/{profile}': 'profileIdentifier',
  '{profile}/{queue}': 'queueIdentifier',
  'monitor/{monitor}': 'monitorIdentifier',
  'password-reset/{token}': 'token',
  // An offer's link: the world makes no offers, so a well-formed random token (never one that opens).
  'appointment-offers/{token}': 'token',
  'payment-methods/{id}': 'paymentMethod',
  'setup/{id}': 'setupIntent',
  'invoices/{id}': 'invoice',
  'device-orders/{id}': 'deviceOrder',
  'requests/{id}': 'keyRequest',
  'images/{id}': 'image',
  'sessions/{id}': 'loginSession',
  '{id}/{file}': 'imageFile',
  'second-factors/{id}': 'secondFactor',
  // FHIR R4: a resource's id; a Schedule's is computed from a type's (a type's bare id is none, a 404).
  'Appointment/{id}': 'appointment',
  'Practitioner/{id}': 'user',
  'Location/{id}': 'profile',
  'HealthcareService/{id}': 'queue',
  'Schedule/{id}': 'appointmentType',
  'webhook-endpoints/{id}': 'webhookEndpoint',
  'deliveries/{deliveryId}': 'webhookDelivery',
  'api-keys/{id}': 'apiKey',
};

/** Body and query fields that carry an id (or a list of them). */
const FIELDS: Record<string, IdKind> = {
  // FHIR's `_id` search parameter: on every resource the same name, a location's id stands in.
  _id: 'profile',
  account_id: 'account',
  profile_id: 'profile',
  queue_id: 'queue',
  queue_ids: 'queue',
  info_tag_id: 'tag',
  logo_image_id: 'image',
  info_tag: 'tag',
  default_processor_id: 'user',
  processor_id: 'user',
  absent_processor_id: 'user',
  substitute_processor_id: 'user',
  user_id: 'user',
  appointment_type_ids: 'appointmentType',
  appointment_type_id: 'appointmentType',
  target_question_id: 'question',
  target_queue_id: 'queue',
  // `id` is a body field only in a question's options: the option kept by a save.
  id: 'option',
  token: 'token',
};

/** Fields named like ids that name no row of ours, and what they are instead. */
const NOT_OUR_IDS: Record<string, string> = {
  microsoft_tenant_id: 'the Microsoft Entra tenant a processor signs in with: free text to us',
  record_id: 'the id a sealing browser chooses for the new ticket or appointment (its sealed text is bound to it); one taken is 409 RECORD_ID_TAKEN',
  key_id: 'the id the switching-on browser chooses for the new practice key (grants and sealed texts are bound to it)',
};

/** The kind of each path parameter of a route; `undefined` where no rule names it. */
export function pathParamKinds(route: FuzzRoute): Record<string, IdKind | undefined> {
  const segments = route.path.split('/').filter(Boolean);
  const kinds: Record<string, IdKind | undefined> = {};
  segments.forEach((segment, i) => {
    const name = segment.match(/^\{(.+)\}$/)?.[1];
    if (name) kinds[name] = PATH_PARAMS[`${segments[i - 1] ?? ''}/${segment}`];
  });
  return kinds;
}

/** The kind of a named field, if it carries ids. */
export const fieldKind = (name: string): IdKind | undefined => FIELDS[name];

/** Whether a field name looks like it carries ids, so it needs a rule above. */
export const looksLikeIdField = (name: string) => /(^|_)ids?$/.test(name) || name === 'token';

/** Every field of a schema (nested too) that looks like an id field but has no rule. */
export function unmappedIdFields(schema: JsonSchema | undefined, path = ''): string[] {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, child]) => [
      ...(looksLikeIdField(name) && !fieldKind(name) && !NOT_OUR_IDS[name] ? [`${path}${name}`] : []),
      ...unmappedIdFields(child, `${path}${name}.`),
    ]),
    ...nested.flatMap((child) => unmappedIdFields(child, path)),
  ];
}

export interface IdSources {
  /** The caller's own account. */
  own: IdPool;
  /** The other account: its ids must answer like missing ones. */
  foreign: IdPool;
}

/** The pool's live ids of a kind: the first (the account's admin, its account) and the newest. */
const live = (ids: string[]) => [...new Set([...ids.slice(0, 1), ...ids.slice(-4)])];

/**
 * A value for an id input: own ids, the other account's real ids, ids that exist nowhere, and
 * strings that are no id at all.
 */
export function idArbitrary(kind: IdKind, sources: IdSources, realOnly = false): fc.Arbitrary<string> {
  const own = live(sources.own[kind]);
  const foreign = live(sources.foreign[kind]);
  if (realOnly && own.length > 0 && foreign.length > 0) {
    return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...foreign) });
  }
  return fc.oneof(
    ...(own.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...own) }] : []),
    ...(foreign.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...foreign) }] : []),
    { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
    { weight: 2, arbitrary: malformedId },
  );
}
