import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillingOverview,
  BillingQuote,
  BillingQuoteQuery,
  CreateDeviceOrderInput,
  DeviceOrder,
  Invoice,
  PaymentMethod,
  PaymentSetup,
  PaymentSetupInput,
  PaymentTestConfirmInput,
} from '@wartefrei/shared';
import { actorOf, requireAdmin } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { IdParams } from '../../platform/params.js';
import { getOrder, listOrders, placeOrder } from './device-orders.service.js';
import { invoicePdf, listInvoices } from './invoices.service.js';
import { billingOverview, billingQuote } from './overview.service.js';
import { completeSetup, confirmSetupForTest, detachPaymentMethod, listPaymentMethods, setDefaultPaymentMethod, startSetup } from './payment-methods.service.js';

const tags = ['billing'];
const security = [{ basic: [] }];
/** Stripe's ids (`pm_…`, `seti_…`, `in_…`): letters, digits, `_` and `-`; Stripe says which exist. */
const StripeIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/) });

/** Billing (docs/product.md#billing): admins only, the role checked before the body. */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preValidation = requireAdmin(ctx);
  const client = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
  });

  app.get('/billing', { preValidation, schema: { tags, security, response: { 200: BillingOverview } } }, async (req) => billingOverview(ctx, actorOf(req)));
  app.get('/billing/quote', { preValidation, schema: { tags, security, querystring: BillingQuoteQuery, response: { 200: BillingQuote } } }, async (req) =>
    billingQuote(ctx, actorOf(req), req.query),
  );

  app.get('/payment-methods', { preValidation, schema: { tags, security, response: { 200: z.array(PaymentMethod) } } }, async (req) =>
    listPaymentMethods(ctx, actorOf(req).accountId),
  );
  app.post('/payment-methods/setup', { preValidation, schema: { tags, security, body: PaymentSetupInput, response: { 201: PaymentSetup } } }, async (req, reply) =>
    reply.code(201).send(await startSetup(ctx, actorOf(req), req.body, client(req))),
  );
  app.post('/payment-methods/setup/:id/complete', { preValidation, schema: { tags, security, params: StripeIdParams, response: { 200: z.array(PaymentMethod) } } }, async (req) =>
    completeSetup(ctx, actorOf(req).accountId, req.params.id),
  );
  app.post(
    '/payment-methods/setup/:id/test-confirm',
    { preValidation, schema: { tags, security, params: StripeIdParams, body: PaymentTestConfirmInput, response: { 200: z.array(PaymentMethod) } } },
    async (req) => confirmSetupForTest(ctx, actorOf(req), req.params.id, req.body, client(req)),
  );
  app.post('/payment-methods/:id/default', { preValidation, schema: { tags, security, params: StripeIdParams, response: { 200: z.array(PaymentMethod) } } }, async (req) =>
    setDefaultPaymentMethod(ctx, actorOf(req), req.params.id),
  );
  app.post('/payment-methods/:id/detach', { preValidation, schema: { tags, security, params: StripeIdParams, response: { 200: z.array(PaymentMethod) } } }, async (req) =>
    detachPaymentMethod(ctx, actorOf(req), req.params.id),
  );

  app.get('/invoices', { preValidation, schema: { tags, security, response: { 200: z.array(Invoice) } } }, async (req) => listInvoices(ctx, actorOf(req)));
  app.get('/invoices/:id/pdf', { preValidation, schema: { tags, security, params: StripeIdParams } }, async (req, reply) => {
    const { filename, bytes } = await invoicePdf(ctx, actorOf(req), req.params.id);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(bytes));
  });

  app.get('/device-orders', { preValidation, schema: { tags, security, response: { 200: z.array(DeviceOrder) } } }, async (req) => listOrders(ctx, actorOf(req)));
  app.post('/device-orders', { preValidation, schema: { tags, security, body: CreateDeviceOrderInput, response: { 201: DeviceOrder } } }, async (req, reply) =>
    reply.code(201).send(await placeOrder(ctx, actorOf(req), req.body)),
  );
  app.get('/device-orders/:id', { preValidation, schema: { tags, security, params: IdParams, response: { 200: DeviceOrder } } }, async (req) =>
    getOrder(ctx, actorOf(req), req.params.id),
  );
};
