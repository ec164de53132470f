import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '@wartefrei/shared';
import { isUuid } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { recordAudit, recordRead, whoOf, type AuditSubject } from './record.js';

/**
 * Which staff requests the audit log records (docs/security.md#audit-log): every route that
 * shows patients' data or changes it, in one table, so that what is logged can be read in one
 * place. A request is recorded once it succeeded (status < 400) and before its answer leaves:
 * nothing is shown that is not logged. Patients' own requests (their ticket, their booking)
 * carry no user and are not recorded; erasures, retention and settings are recorded by their
 * services, inside their transactions.
 */

interface AuditedRoute {
  action: AuditAction;
  /** Reads are coalesced (READ_COALESCE_MS); changes and exports never. */
  read?: boolean;
  subject: (req: FastifyRequest, body: unknown) => AuditSubject | null;
  /** Only these requests of the route (e.g. the member analysis with names). */
  when?: (req: FastifyRequest) => boolean;
  /** Counts from the answer, beside the route (e.g. how many records a batch handed out). */
  detail?: (body: unknown) => Record<string, number>;
}

type Params = { id?: string };
type Query = Record<string, string | undefined>;

const param = (req: FastifyRequest) => (req.params as Params).id ?? null;
/** The id in a route that takes a patient's token or, from staff, an id: only an id is written. */
const idInPath = (req: FastifyRequest) => {
  const key = (req.params as { token?: string }).token ?? '';
  return isUuid(key) ? key : null;
};
const query = (req: FastifyRequest) => req.query as Query;
/** The id in a JSON answer: `{ id }` or `{ member: { id } }`. */
function answeredId(body: unknown, path: 'id' | 'member'): string | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed = JSON.parse(body) as { id?: unknown; member?: { id?: unknown } };
    const id = path === 'id' ? parsed.id : parsed.member?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** How many records a batch's answer (`{ records: [...] }`) handed out. */
function recordCount(body: unknown): Record<string, number> {
  if (typeof body !== 'string') return {};
  try {
    const { records } = JSON.parse(body) as { records?: unknown };
    return Array.isArray(records) ? { records: records.length } : {};
  } catch {
    return {};
  }
}

const member = (req: FastifyRequest): AuditSubject => ({ type: 'member', id: param(req) });
const appointment = (req: FastifyRequest): AuditSubject => ({ type: 'appointment', id: param(req) });
const memberChange: AuditedRoute = { action: 'member.change', subject: member };
const appointmentChange: AuditedRoute = { action: 'appointment.change', subject: appointment };
/** Lists filtered to one list name it; the others the account. */
const listOrAccount = (req: FastifyRequest): AuditSubject =>
  query(req).queue_id ? { type: 'queue', id: query(req).queue_id! } : { type: 'account', id: req.actor?.accountId ?? null };

export const AUDITED_ROUTES: Record<string, AuditedRoute> = {
  'GET /queues/:id/members': { action: 'members.list', read: true, subject: (req) => ({ type: 'queue', id: param(req) }) },
  'POST /queues/:id/members': { action: 'member.create', subject: (_req, body) => ({ type: 'member', id: answeredId(body, 'id') }) },
  'POST /queues/:id/call-next': { action: 'member.change', subject: (_req, body) => ({ type: 'member', id: answeredId(body, 'member') }) },
  'POST /call-next': { action: 'member.change', subject: (_req, body) => ({ type: 'member', id: answeredId(body, 'member') }) },
  'POST /members/:id/call': memberChange,
  'POST /members/:id/finish': memberChange,
  'POST /members/:id/requeue': memberChange,
  'POST /members/:id/remove': memberChange,
  'POST /members/:id/cancel': memberChange,
  'POST /members/:id/restore': memberChange,
  'POST /members/:id/move': memberChange,
  'POST /members/:id/processor': memberChange,
  'POST /members/:id/info-tags': memberChange,
  'DELETE /members/:id/info-tags/:tagId': memberChange,
  'GET /appointments': { action: 'appointments.list', read: true, subject: listOrAccount },
  'POST /appointments': { action: 'appointment.create', subject: (_req, body) => ({ type: 'appointment', id: answeredId(body, 'id') }) },
  'POST /appointments/import': { action: 'appointments.import', subject: (req) => ({ type: 'account', id: req.actor?.accountId ?? null }) },
  'PATCH /appointments/:id': appointmentChange,
  // Registered with `:token` (the patient's way in as well); staff pass the id there, and only an id is written.
  'POST /appointments/:token/cancel': { action: 'appointment.change', subject: (req) => ({ type: 'appointment', id: idInPath(req) }) },
  'POST /appointments/:id/restore': appointmentChange,
  'POST /appointments/:token/check-in': { action: 'appointment.change', subject: (req) => ({ type: 'appointment', id: idInPath(req) }) },
  'POST /appointments/:id/no-show': appointmentChange,
  'DELETE /appointments/:id/no-show': appointmentChange,
  // Staff confirming for a patient on the phone (by id; a patient's link is no actor).
  'POST /appointments/:token/confirm': { action: 'appointment.change', subject: (_req, body) => ({ type: 'appointment', id: answeredId(body, 'id') }) },
  'DELETE /appointments/:id': appointmentChange,
  // Staff setting or withdrawing a patient's wish for an earlier time (by id; a patient's token is never recorded).
  'PUT /appointments/:token/earlier': { action: 'appointment.change', subject: (req) => ({ type: 'appointment', id: idInPath(req) }) },
  'DELETE /appointments/:token/earlier': { action: 'appointment.change', subject: (req) => ({ type: 'appointment', id: idInPath(req) }) },
  // Removing a list, a location or a processor that cancels or hands over their upcoming
  // appointments changes those (docs/product.md#removing-keeps-history).
  'DELETE /queues/:id': { action: 'appointment.change', subject: (req) => ({ type: 'queue', id: param(req) }), when: (req) => query(req).appointments !== undefined },
  'DELETE /profiles/:id': {
    action: 'appointment.change',
    subject: (req) => ({ type: 'account', id: req.actor?.accountId ?? null }),
    when: (req) => query(req).appointments !== undefined,
  },
  'DELETE /processors/:id': { action: 'appointment.change', subject: (req) => ({ type: 'user', id: param(req) }), when: (req) => query(req).appointments !== undefined },
  'GET /reports/members': { action: 'report.members', read: true, subject: listOrAccount, when: (req) => query(req).names === 'true' },
  'GET /reports/members/export': { action: 'report.export', subject: listOrAccount },
  // The FHIR interface shows and changes the same appointments (docs/api.md#fhir-r4).
  'GET /fhir/R4/Appointment': { action: 'appointments.list', read: true, subject: (req) => ({ type: 'account', id: req.actor?.accountId ?? null }) },
  'GET /fhir/R4/Appointment/:id': { action: 'appointments.list', read: true, subject: appointment },
  'POST /fhir/R4/Appointment': { action: 'appointment.create', subject: (_req, body) => ({ type: 'appointment', id: answeredId(body, 'id') }) },
  'PUT /fhir/R4/Appointment/:id': appointmentChange,
  'PATCH /fhir/R4/Appointment/:id': appointmentChange,
  'GET /audit': { action: 'audit.list', read: true, subject: () => null },
  'GET /audit/export': { action: 'audit.export', subject: () => null },
  // Batches of patient data for an admin's browser to seal (in the clear) or, switching off, to
  // open (sealed): each batch is a different set of patients, so each is written.
  'GET /encryption/clear': { action: 'encryption.read_clear', subject: (req) => ({ type: 'account', id: req.actor?.accountId ?? null }), detail: recordCount },
  'GET /encryption/sealed': { action: 'encryption.read_sealed', subject: (req) => ({ type: 'account', id: req.actor?.accountId ?? null }), detail: recordCount },
  // Sign-in mails an admin sends for a processor: who gave whom a way in.
  'POST /processors/:id/invitation': { action: 'processor.invitation', subject: (req) => ({ type: 'user', id: param(req) }) },
  'POST /processors/:id/password-reset': { action: 'processor.password_reset', subject: (req) => ({ type: 'user', id: param(req) }) },
  // API keys an admin makes or revokes: who gave another system a way in, and who took it back.
  'POST /api-keys': { action: 'api_key.create', subject: (_req, body) => ({ type: 'api_key', id: answeredId(body, 'id') }) },
  'DELETE /api-keys/:id': { action: 'api_key.revoke', subject: (req) => ({ type: 'api_key', id: param(req) }) },
  // Webhook endpoints: where the practice's events go, and with which secret.
  'POST /webhook-endpoints': { action: 'webhook_endpoint.create', subject: (_req, body) => ({ type: 'webhook_endpoint', id: answeredId(body, 'id') }) },
  'PATCH /webhook-endpoints/:id': { action: 'webhook_endpoint.change', subject: (req) => ({ type: 'webhook_endpoint', id: param(req) }) },
  'POST /webhook-endpoints/:id/rotate-secret': { action: 'webhook_endpoint.rotate', subject: (req) => ({ type: 'webhook_endpoint', id: param(req) }) },
  'DELETE /webhook-endpoints/:id': { action: 'webhook_endpoint.delete', subject: (req) => ({ type: 'webhook_endpoint', id: param(req) }) },
  // POST /encryption/seal and /unseal are recorded by their services, with the count written, in their transactions.
};

/** What a change did, beyond its action: the route it came by (`POST /members/:id/call`). */
const requestDetail = (key: string, req: FastifyRequest) => ({
  request: key,
  ...(query(req).appointments ? { appointments: query(req).appointments } : {}),
  ...(query(req).dry_run ? { dry_run: query(req).dry_run === 'true' } : {}),
  ...(query(req).names ? { names: query(req).names === 'true' } : {}),
});

async function recordRequest(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, body: unknown): Promise<void> {
  if (!req.actor || reply.statusCode >= 400) return;
  const key = `${req.method} ${req.routeOptions.url}`;
  const route = AUDITED_ROUTES[key];
  if (!route || (route.when && !route.when(req))) return;
  const who = whoOf(req.actor, req.ip);
  const subject = route.subject(req, body);
  if (route.read) await recordRead(ctx, who, route.action, subject);
  else await recordAudit(ctx, ctx.db, who, route.action, subject, { ...requestDetail(key, req), ...route.detail?.(body) });
}

/** Installs the recording on every route of the app (app.ts, before the routes). */
export function registerAuditHook(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onSend', async (req, reply, body) => {
    await recordRequest(ctx, req, reply, body);
    return body;
  });
}
