import { describe, expect, it } from 'vitest';
import { matchPatientRoute } from './patient-routes';

describe('matchPatientRoute: every patient path of docs/product.md#screens-and-routes, and nothing of the staff app', () => {
  it.each([
    ['/queue/q-1', { screen: 'draw', queueId: 'q-1' }],
    ['/q/q-1', { screen: 'draw', queueId: 'q-1' }],
    ['/queue/q-1/ticket', { screen: 'draw', queueId: 'q-1' }],
    ['/queue/q-1/ticket/m-1', { screen: 'ticket', queueId: 'q-1', ticketKey: 'm-1' }],
    ['/ticket/m-1', { screen: 'ticket', ticketKey: 'm-1' }],
    ['/t/m-1', { screen: 'ticket', ticketKey: 'm-1' }],
    ['/appointment/a-1', { screen: 'appointment', appointmentKey: 'a-1' }],
    ['/a/a-1', { screen: 'appointment', appointmentKey: 'a-1' }],
    ['/offer/o-1', { screen: 'offer', offerKey: 'o-1' }],
    ['/monitor/mon-1', { screen: 'monitor', monitorId: 'mon-1', monitorVariant: 'master' }],
    ['/m/mon-1', { screen: 'monitor', monitorId: 'mon-1', monitorVariant: 'master' }],
    ['/embed/queue/iframe/q-1', { screen: 'embed', queueId: 'q-1' }],
    ['/praxis-demo', { screen: 'draw', account: 'praxis-demo' }],
    ['/praxis-demo/wien', { screen: 'draw', account: 'praxis-demo', profile: 'wien' }],
    ['/praxis-demo/wien/allgemein', { screen: 'draw', account: 'praxis-demo', profile: 'wien', queue: 'allgemein' }],
    ['/praxis-demo/monitor', { screen: 'monitor', account: 'praxis-demo', monitorVariant: 'master' }],
    ['/praxis-demo/monitor/wartezimmer', { screen: 'monitor', account: 'praxis-demo', monitor: 'wartezimmer', monitorVariant: 'master' }],
    ['/praxis-demo/wien/allgemein/monitor', { screen: 'monitor', account: 'praxis-demo', profile: 'wien', queue: 'allgemein', monitorVariant: 1 }],
    ['/praxis-demo/wien/allgemein/monitor2', { screen: 'monitor', account: 'praxis-demo', profile: 'wien', queue: 'allgemein', monitorVariant: 2 }],
    ['/praxis-demo/monitor2', { screen: 'monitor', account: 'praxis-demo', monitorVariant: 2 }],
    ['/praxis-demo/wien/allgemein/monitor3', { screen: 'monitor', account: 'praxis-demo', profile: 'wien', queue: 'allgemein', monitorVariant: 3 }],
    ['/praxis-demo/kiosk', { screen: 'kiosk', account: 'praxis-demo', sunmi: false }],
    ['/praxis-demo/wien/kiosk', { screen: 'kiosk', account: 'praxis-demo', profile: 'wien', sunmi: false }],
    ['/praxis-demo/wien/allgemein/sunmi_kiosk', { screen: 'kiosk', account: 'praxis-demo', profile: 'wien', queue: 'allgemein', sunmi: true }],
    ['/praxis%20demo', { screen: 'draw', account: 'praxis demo' }],
    ['/queue/q-1/book', { screen: 'book', queueId: 'q-1' }],
    ['/praxis-demo/wien/book', { screen: 'book', account: 'praxis-demo', profile: 'wien' }],
    ['/praxis-demo/wien/allgemein/book', { screen: 'book', account: 'praxis-demo', profile: 'wien', queue: 'allgemein' }],
  ])('%s', (path, expected) => {
    expect(matchPatientRoute(path)).toEqual(expected);
  });

  it.each([
    '/',
    '/login',
    '/pricing',
    '/pricing/extra',
    '/backend',
    '/backend/processor/q-1',
    '/404',
    '/queue/a/b',
    '/ticket',
    '/gibt/es/nicht/hier',
    '/embed/queue/iframe',
    '/verify',
    '/offer',
    '/offer/o-1/accept',
  ])('%s is not a patient path', (path) => {
    expect(matchPatientRoute(path)).toBeUndefined();
  });
});
