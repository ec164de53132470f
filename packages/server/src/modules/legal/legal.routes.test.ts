import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { LegalInformation } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProcessor } from '../../../test/support/factories.js';

/** The legal pages' facts from the configuration, and the data processing agreement as a PDF. */

let bare: TestApp;
let configured: TestApp;

beforeAll(async () => {
  bare = await startTestApp();
  configured = await startTestApp({
    operator: {
      name: 'Warte GmbH',
      addressLines: ['Ringstraße 1', '1010 Wien'],
      mail: 'office@warte.example',
      phone: '+43 1 234',
      representative: 'Eva Muster',
      register: 'FN 123456a',
      vatId: 'ATU12345678',
    },
  });
});
afterAll(async () => {
  await bare.close();
  await configured.close();
});

describe('GET /legal', () => {
  it('names no operator until one is configured, then every line of the legal notice', async () => {
    const none = await bare.inject({ method: 'GET', url: '/legal' });
    expect(none.statusCode).toBe(200);
    expect(none.json<LegalInformation>()).toMatchObject({ operator: null, retention_days_default: 30, audit_keep_days: 365, mail_configured: true, sms_configured: false });
    const set = await configured.inject({ method: 'GET', url: '/legal' });
    expect(set.json<LegalInformation>().operator).toEqual({
      name: 'Warte GmbH',
      address_lines: ['Ringstraße 1', '1010 Wien'],
      mail: 'office@warte.example',
      phone: '+43 1 234',
      representative: 'Eva Muster',
      register: 'FN 123456a',
      vat_id: 'ATU12345678',
    });
  });
});

describe('GET /billing/dpa.pdf', () => {
  it("is the practice's agreement as a PDF, for admins only", async () => {
    const account = await givenAdmin(configured);
    const res = await configured.inject({ method: 'GET', url: '/billing/dpa.pdf', headers: asUser(account.user) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="wartefrei-auftragsverarbeitung-${account.accountIdentifier}.pdf"`);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getTitle()).toBe('Vertrag über die Auftragsverarbeitung (Art. 28 DSGVO)');
    expect(pdf.getAuthor()).toBe('Warte GmbH');
    expect(pdf.getSubject()).toBe(`Auftragsverarbeitung für ${account.admin.account_name}`);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);

    const processor = await givenProcessor(configured, account.accountId);
    expect((await configured.inject({ method: 'GET', url: '/billing/dpa.pdf', headers: asUser(processor) })).statusCode).toBe(403);
    expect((await configured.inject({ method: 'GET', url: '/billing/dpa.pdf' })).statusCode).toBe(401);
  });
});
