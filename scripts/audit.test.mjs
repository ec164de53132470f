import { describe, expect, it } from 'vitest';
import { judgeAudit } from './audit.mjs';

// The CI audit's verdict from npm's own JSON shapes: advisories found, none, or no answer.
describe('judgeAudit', () => {
  it('fails on a high or critical advisory and names it', () => {
    const report = {
      vulnerabilities: { lodash: { name: 'lodash', severity: 'high' }, minimist: { name: 'minimist', severity: 'low' } },
      metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 1, critical: 0, total: 2 } },
    };
    expect(judgeAudit(JSON.stringify(report))).toEqual({ verdict: 'fail', reason: '1 high or critical: lodash (high)' });
  });

  it('passes with only low and moderate ones', () => {
    const report = { vulnerabilities: {}, metadata: { vulnerabilities: { info: 0, low: 2, moderate: 1, high: 0, critical: 0, total: 3 } } };
    expect(judgeAudit(JSON.stringify(report)).verdict).toBe('ok');
  });

  it('says nothing was checked when the endpoint answered with an error, never "ok"', () => {
    const error = { message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405 };
    expect(judgeAudit(JSON.stringify(error))).toEqual({ verdict: 'unreachable', reason: error.message });
    expect(judgeAudit('').verdict).toBe('unreachable');
  });
});
