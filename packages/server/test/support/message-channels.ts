import { startTestApp } from './test-app.js';
import { startPushService } from './push-service.js';
import { startSmsGateway } from './sms.js';
import { useStarted } from './use-test-app.js';

type PushService = Awaited<ReturnType<typeof startPushService>>;
type SmsGateway = Awaited<ReturnType<typeof startSmsGateway>>;

/**
 * The app of a file that follows a patient's alerts out of the server: push and SMS go to a push
 * service and an SMS gateway of the test's own, draws are not limited. All three start before the
 * file's first test and stop after its last.
 */
export function useAlertChannels() {
  let push: PushService | undefined;
  let sms: SmsGateway | undefined;
  const t = useStarted(async () => {
    const started = { push: await startPushService(), sms: await startSmsGateway() };
    ({ push, sms } = started);
    const app = await startTestApp({
      drawLimit: { perIp: 100_000, windowSeconds: 600 },
      smsUrl: started.sms.url,
      push: { contact: 'mailto:ops@example.org', extraOrigins: [started.push.origin] },
    });
    return {
      ...app,
      close: async () => {
        await app.close();
        await started.push.close();
        await started.sms.close();
      },
    };
  });
  return {
    t,
    get push() {
      return running(push);
    },
    get sms() {
      return running(sms);
    },
  };
}

/**
 * The app of a file that follows appointment messages out of the server: SMS go to a gateway of
 * the test's own (with the token the server must send), bookings are not limited.
 */
export function useBookingWithSms() {
  let sms: SmsGateway | undefined;
  const t = useStarted(async () => {
    const gateway = await startSmsGateway();
    sms = gateway;
    const app = await startTestApp({ bookingLimit: { perIp: 100_000, windowSeconds: 600 }, smsUrl: gateway.url, smsToken: 'geheim' });
    return {
      ...app,
      close: async () => {
        await app.close();
        await gateway.close();
      },
    };
  });
  return {
    t,
    get sms() {
      return running(sms);
    },
  };
}

function running<T>(service: T | undefined): T {
  if (!service) throw new Error('the message channels start in beforeAll: use them inside a hook or a test');
  return service;
}
