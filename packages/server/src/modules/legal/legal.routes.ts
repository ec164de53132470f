import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LegalInformation } from '@wartefrei/shared';
import { actorOf, requireAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findAccountById } from '../accounts/index.js';
import { renderDpaPdf } from './dpa-pdf.js';
import { legalInformation } from './legal.service.js';

/** The legal pages' facts (public) and the data processing agreement of the caller's practice (admins). */
export const legalRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/legal', { schema: { tags: ['legal'], response: { 200: LegalInformation } } }, async (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').send(legalInformation(ctx.config)),
  );

  app.get('/billing/dpa.pdf', { preValidation: requireAdmin(ctx), schema: { tags: ['legal'], security: [{ basic: [] }] } }, async (req, reply) => {
    const account = await findAccountById(ctx.db, actorOf(req).accountId);
    if (!account) throw new AppError('NOT_FOUND');
    const bytes = await renderDpaPdf(legalInformation(ctx.config), {
      practice: account.displayName,
      accountIdentifier: account.identifier,
      retentionDays: account.retentionDays,
      date: ctx.clock.now(),
    });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="wartefrei-auftragsverarbeitung-${account.identifier}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
};
