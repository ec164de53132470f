import { describe, expect, it } from 'vitest';
import { sunmiPrinter, type PrintableTicket, type SunmiKioskBridge } from './printer';

const ticket: PrintableTicket = { number: 7, queue: 'Allgemein', drawnAt: '2026-11-22T08:00:00.000Z', url: 'https://x.example/t/1', ahead: 2, estimatedStart: null, text: null };

/** A stand-in for the Android app's injected object: the edge of the process we cannot reach here. */
function bridge(hasPrinter: boolean, accepts = true): SunmiKioskBridge & { printed: string[] } {
  const printed: string[] = [];
  return { printed, hasPrinter: () => hasPrinter, printTicket: (json) => (printed.push(json), accepts) };
}

describe('sunmiPrinter', () => {
  it('says "not in the kiosk app" without the bridge', async () => {
    const printer = sunmiPrinter(undefined);
    expect(printer.check()).toBe('notInKioskApp');
    expect(await printer.print(ticket)).toBe('notInKioskApp');
  });

  it('says "no printer" when the app has none connected, and prints nothing', async () => {
    const app = bridge(false);
    expect(sunmiPrinter(app).check()).toBe('noPrinter');
    expect(await sunmiPrinter(app).print(ticket)).toBe('noPrinter');
    expect(app.printed).toEqual([]);
  });

  it('hands the ticket to the app as JSON', async () => {
    const app = bridge(true);
    expect(await sunmiPrinter(app).print(ticket)).toBeUndefined();
    expect(JSON.parse(app.printed[0]!)).toEqual(ticket);
  });

  it('reports a refused print', async () => {
    expect(await sunmiPrinter(bridge(true, false)).print(ticket)).toBe('printFailed');
  });
});
