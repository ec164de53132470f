import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClearBatch,
  EnableEncryptionInput,
  EncryptionState,
  KeyExchange,
  RecoveryKey,
  SealedBatch,
  SealInput,
  UnsealInput,
  UserKeyInput,
  WrappedAccountKeyInput,
} from '@wartefrei/shared';
import { actorOf, requireAdmin, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { decideRequest, enableEncryption, encryptionState, listExchanges, recoverAccess, recoveryKey, requestAccess, setMyKey } from './encryption.service.js';
import { clearBatch, sealRecords } from './seal-existing.service.js';
import { disableEncryption, sealedBatch, unsealRecords } from './switch-off.service.js';

const tags = ['encryption'];
const security = [{ basic: [] }];

/** End-to-end encryption's keys: only public keys and wrapped blobs pass here (docs/security.md#encryption). */
export const encryptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preHandler = requireUser(ctx);
  const preValidation = requireAdmin(ctx);

  app.get('/encryption', { preHandler, schema: { tags, security, response: { 200: EncryptionState } } }, async (req) => encryptionState(ctx, actorOf(req)));
  app.put('/encryption/my-key', { preHandler, schema: { tags, security, body: UserKeyInput, response: { 200: EncryptionState } } }, async (req) =>
    setMyKey(ctx, actorOf(req), req.body, req.ip),
  );
  app.post('/encryption/enable', { preValidation, schema: { tags, security, body: EnableEncryptionInput, response: { 200: EncryptionState } } }, async (req) =>
    enableEncryption(ctx, actorOf(req), req.body, req.ip),
  );
  app.post('/encryption/requests', { preHandler, schema: { tags, security, response: { 200: EncryptionState } } }, async (req) => requestAccess(ctx, actorOf(req), req.ip));
  app.get('/encryption/requests', { preValidation, schema: { tags, security, response: { 200: z.array(KeyExchange) } } }, async (req) => listExchanges(ctx, actorOf(req)));
  app.post(
    '/encryption/requests/:id/approve',
    { preValidation, schema: { tags, security, params: IdParams, body: WrappedAccountKeyInput, response: { 200: z.array(KeyExchange) } } },
    async (req) => decideRequest(ctx, actorOf(req), req.params.id, { approve: true, input: req.body }, req.ip),
  );
  app.post('/encryption/requests/:id/reject', { preValidation, schema: { tags, security, params: IdParams, response: { 200: z.array(KeyExchange) } } }, async (req) =>
    decideRequest(ctx, actorOf(req), req.params.id, { approve: false }, req.ip),
  );
  app.get('/encryption/recovery', { preValidation, schema: { tags, security, response: { 200: RecoveryKey } } }, async (req) => recoveryKey(ctx, actorOf(req)));
  app.get('/encryption/clear', { preValidation, schema: { tags, security, response: { 200: ClearBatch } } }, async (req) => clearBatch(ctx, actorOf(req)));
  app.post('/encryption/seal', { preValidation, schema: { tags, security, body: SealInput, response: { 200: z.object({ sealed: z.number().int() }) } } }, async (req) =>
    sealRecords(ctx, actorOf(req), req.body, req.ip),
  );
  app.get('/encryption/sealed', { preValidation, schema: { tags, security, response: { 200: SealedBatch } } }, async (req) => sealedBatch(ctx, actorOf(req)));
  app.post('/encryption/unseal', { preValidation, schema: { tags, security, body: UnsealInput, response: { 200: z.object({ unsealed: z.number().int() }) } } }, async (req) =>
    unsealRecords(ctx, actorOf(req), req.body, req.ip),
  );
  app.post('/encryption/disable', { preValidation, schema: { tags, security, response: { 200: EncryptionState } } }, async (req) => disableEncryption(ctx, actorOf(req), req.ip));
  app.post('/encryption/recover', { preValidation, schema: { tags, security, body: WrappedAccountKeyInput, response: { 200: EncryptionState } } }, async (req) =>
    recoverAccess(ctx, actorOf(req), req.body, req.ip),
  );
};
