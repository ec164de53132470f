import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const hint = 'write the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,fd00::/8)';

describe('TRUST_PROXY: the proxies whose X-Forwarded-For is believed', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['FALSE', false],
    ['no', false],
    ['0', false],
    // A hop count: "1" is one load balancer, no longer "true".
    ['1', { hops: 1 }],
    [' 2 ', { hops: 2 }],
    ['10', { hops: 10 }],
    ['10.0.0.5', { addresses: ['10.0.0.5'] }],
    ['10.0.0.0/8, 192.168.1.0/24', { addresses: ['10.0.0.0/8', '192.168.1.0/24'] }],
    ['fd00::/8,2001:db8::7', { addresses: ['fd00::/8', '2001:db8::7'] }],
    ['::ffff:10.0.0.1', { addresses: ['::ffff:10.0.0.1'] }],
    ['203.0.113.0/32,2001:db8::/128', { addresses: ['203.0.113.0/32', '2001:db8::/128'] }],
  ])('%j → %j', (value, trustProxy) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each([
    ['true', '"true" would trust every address'],
    ['TRUE', '"TRUE" would trust every address'],
    ['yes', '"yes" would trust every address'],
    ['*', '"*" would trust every address'],
    ['0.0.0.0/0', '"0.0.0.0/0" covers every address'],
    ['::/0', '"::/0" covers every address'],
    ['10.0.0.0/8,0.0.0.0/0', '"0.0.0.0/0" covers every address'],
    ['11', '11 proxies in a row is more than 10'],
    ['-1', '"-1" is neither a hop count nor an address or CIDR'],
    ['1.5', '"1.5" is neither a hop count nor an address or CIDR'],
    ['loadbalancer', '"loadbalancer" is neither a hop count nor an address or CIDR'],
    ['10.0.0.0/8,', '"" is neither a hop count nor an address or CIDR'],
    ['10.0.0.0/33', '"10.0.0.0/33" has no valid prefix length'],
    ['fd00::/129', '"fd00::/129" has no valid prefix length'],
    ['10.0.0.0/x', '"10.0.0.0/x" has no valid prefix length'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8" is neither a hop count nor an address or CIDR'],
  ])('%j stops the start, naming the variable and what to write', (value, problem) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`Invalid configuration: TRUST_PROXY: ${problem}`);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(hint);
  });
});

describe('the limits no change of address escapes', () => {
  it('have defaults a busy practice fits in, each per its window', () => {
    const config = loadConfig({});
    expect(config.drawListLimit).toEqual({ perList: 120, windowSeconds: 60 });
    expect(config.signupLimit).toEqual({ perIp: 10, windowSeconds: 3600 });
    expect(config.smsLimits).toEqual({ perPhone: 10, perTicket: 5, windowSeconds: 86_400 });
  });

  it('are set by DRAW_LIMIT_PER_LIST, SIGNUP_LIMIT_PER_IP and SMS_LIMIT_PER_PHONE; a wrong value stops the start', () => {
    const config = loadConfig({ DRAW_LIMIT_PER_LIST: '600', SIGNUP_LIMIT_PER_IP: '50', SMS_LIMIT_PER_PHONE: '3' });
    expect([config.drawListLimit.perList, config.signupLimit.perIp, config.smsLimits.perPhone]).toEqual([600, 50, 3]);
    for (const name of ['DRAW_LIMIT_PER_LIST', 'SIGNUP_LIMIT_PER_IP', 'SMS_LIMIT_PER_PHONE']) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(`Invalid configuration: ${name}:`);
    }
  });
});

describe('SEED_DEMO: the demo practice in an empty database', () => {
  it('is seeded by default, but not under NODE_ENV=production unless asked for', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
