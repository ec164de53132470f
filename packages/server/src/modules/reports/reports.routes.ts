import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MemberExportQuery,
  MemberReport,
  MemberReportQuery,
  ReportEarlier,
  ReportHeatmap,
  ReportProbing,
  ReportProcessors,
  ReportQuery,
  ReportQueues,
  ReportSummary,
  ReportTimeseries,
  TimeseriesQuery,
} from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { requestLang } from '../../platform/i18n.js';
import { exportMembers } from './export.js';
import { reportEarlier, reportHeatmap, reportMembers, reportProbing, reportProcessors, reportQueues, reportSummary, reportTimeseries } from './reports.service.js';

const tags = ['reports'];
const security = [{ basic: [] }];

/** Reports (issue 19): staff, each scoped to the lists the caller works on (docs/product.md#reports). */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);
  const schema = { tags, security, querystring: ReportQuery };

  app.get('/reports/summary', { preHandler, schema: { ...schema, response: { 200: ReportSummary } } }, async (req) => reportSummary(ctx, actorOf(req), req.query));
  app.get('/reports/timeseries', { preHandler, schema: { ...schema, querystring: TimeseriesQuery, response: { 200: ReportTimeseries } } }, async (req) =>
    reportTimeseries(ctx, actorOf(req), req.query),
  );
  app.get('/reports/heatmap', { preHandler, schema: { ...schema, response: { 200: ReportHeatmap } } }, async (req) => reportHeatmap(ctx, actorOf(req), req.query));
  app.get('/reports/processors', { preHandler, schema: { ...schema, response: { 200: ReportProcessors } } }, async (req) => reportProcessors(ctx, actorOf(req), req.query));
  app.get('/reports/queues', { preHandler, schema: { ...schema, response: { 200: ReportQueues } } }, async (req) => reportQueues(ctx, actorOf(req), req.query));
  app.get('/reports/probing', { preHandler, schema: { ...schema, response: { 200: ReportProbing } } }, async (req) => reportProbing(ctx, actorOf(req), req.query));
  app.get('/reports/earlier', { preHandler, schema: { ...schema, response: { 200: ReportEarlier } } }, async (req) => reportEarlier(ctx, actorOf(req), req.query));
  app.get('/reports/members', { preHandler, schema: { ...schema, querystring: MemberReportQuery, response: { 200: MemberReport } } }, async (req) =>
    reportMembers(ctx, actorOf(req), req.query),
  );
  app.get('/reports/members/export', { preHandler, schema: { tags, security, querystring: MemberExportQuery } }, async (req, reply) => {
    const file = await exportMembers(ctx, actorOf(req), req.query, requestLang(req));
    return reply.header('Content-Type', file.contentType).header('Content-Disposition', `attachment; filename="${file.filename}"`).send(file.stream);
  });
};
