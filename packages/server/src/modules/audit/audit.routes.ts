import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditExportQuery, AuditLog, AuditQuery } from '@wartefrei/shared';
import { actorOf, requireAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { requestLang } from '../../platform/i18n.js';
import { exportAudit, listAudit } from './audit.service.js';

const tags = ['audit'];
const security = [{ basic: [] }];

/** The audit log (docs/security.md#audit-log): admins only, processors 403. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preValidation = requireAdmin(ctx);

  app.get('/audit', { preValidation, schema: { tags, security, querystring: AuditQuery, response: { 200: AuditLog } } }, async (req) => listAudit(ctx, actorOf(req), req.query));

  app.get('/audit/export', { preValidation, schema: { tags, security, querystring: AuditExportQuery } }, async (req, reply) => {
    const file = await exportAudit(ctx, actorOf(req), req.query, requestLang(req));
    return reply.header('Content-Type', file.contentType).header('Content-Disposition', `attachment; filename="${file.filename}"`).send(file.stream);
  });
};
