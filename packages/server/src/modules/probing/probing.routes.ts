import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CopyProbingInput,
  CreateProbingQuestionInput,
  ProbingDailyCounts,
  ProbingDailyQuery,
  ProbingInterview,
  ProbingInterviewQuery,
  ProbingQuestion,
  ProbingQuestionListQuery,
  UpdateProbingQuestionInput,
} from '@wartefrei/shared';
import { actorOf, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { requestLang } from '../../platform/i18n.js';
import { IdParams } from '../../platform/params.js';
import { copyQuestionnaire, createQuestion, deleteQuestion, getQuestion, listQuestions, updateQuestion } from './probing.service.js';
import { dailyCounts, publicInterview } from './interview.service.js';

const tags = ['probing'];
const security = [{ basic: [] }];

/** The probing questionnaire (docs/product.md#entities): admins write, staff of the account read, patients run the interview. */
export const probingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);

  app.get('/probing-questions', { preHandler, schema: { tags, security, querystring: ProbingQuestionListQuery, response: { 200: z.array(ProbingQuestion) } } }, async (req) =>
    listQuestions(ctx, actorOf(req), req.query, requestLang(req)),
  );

  app.post('/probing-questions', { preHandler, schema: { tags, security, body: CreateProbingQuestionInput, response: { 201: ProbingQuestion } } }, async (req, reply) =>
    reply.code(201).send(await createQuestion(ctx, actorOf(req), req.body, requestLang(req))),
  );

  app.get('/probing-questions/:id', { preHandler, schema: { tags, security, params: IdParams, response: { 200: ProbingQuestion } } }, async (req) =>
    getQuestion(ctx, actorOf(req), req.params.id, requestLang(req)),
  );

  app.patch(
    '/probing-questions/:id',
    { preHandler, schema: { tags, security, params: IdParams, body: UpdateProbingQuestionInput, response: { 200: ProbingQuestion } } },
    async (req) => updateQuestion(ctx, actorOf(req), req.params.id, req.body, requestLang(req)),
  );

  app.delete('/probing-questions/:id', { preHandler, schema: { tags, security, params: IdParams } }, async (req, reply) => {
    await deleteQuestion(ctx, actorOf(req), req.params.id, requestLang(req));
    return reply.code(204).send();
  });

  app.post(
    '/profiles/:id/probing/copy',
    { preHandler, schema: { tags, security, params: IdParams, body: CopyProbingInput, response: { 200: z.array(ProbingQuestion) } } },
    async (req) => copyQuestionnaire(ctx, actorOf(req), req.params.id, req.body, requestLang(req)),
  );

  // The patient's interview, without a login.
  app.get('/profiles/:id/probing', { schema: { tags, params: IdParams, querystring: ProbingInterviewQuery, response: { 200: ProbingInterview } } }, async (req) =>
    publicInterview(ctx, req.params.id, req.query.variant ?? 'ONLINE'),
  );

  app.get('/probing-answers/daily', { preHandler, schema: { tags, security, querystring: ProbingDailyQuery, response: { 200: ProbingDailyCounts } } }, async (req) =>
    dailyCounts(ctx, actorOf(req), req.query),
  );
};
