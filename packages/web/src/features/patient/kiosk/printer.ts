import type { KioskPrinting } from '@wartefrei/shared';

/** What the printed ticket shows; also the JSON the Sunmi app's printer receives. */
export interface PrintableTicket {
  number: number;
  queue: string;
  /** ISO instant of the draw; printed in the kiosk's local time. */
  drawnAt: string;
  /**
   * The ticket page's link (the patient's key to it); printed as a QR code to follow the ticket on
   * a phone. Absent for a checked-in appointment: its patient follows it by their appointment's link.
   */
  url?: string;
  ahead: number | null;
  estimatedStart: string | null;
  text: string | null;
  /** The practice's logo where the list's ticket logo position puts it; absent: none. */
  logo?: { url: string; placement: 'TOP' | 'BOTTOM' };
}

/** Why a ticket cannot be printed (docs/product.md#errors, kiosk errors). */
export type PrintProblem = 'notInKioskApp' | 'noPrinter' | 'printFailed';

/**
 * A way to hand out the ticket, chosen by the location's `kiosk_printing`: none (the screen shows
 * the number and the QR code), the browser's print (a kiosk browser started with
 * --kiosk-printing prints without a dialog, any other opens a dialog per ticket), or the bridge
 * the Sunmi Android app injects into the page (`…/sunmi_kiosk` always uses it).
 */
export interface TicketPrinter {
  /** Whether a paper comes out; without one the ticket's QR code is shown on the screen instead. */
  paper: boolean;
  /** A problem that prevents printing at all, checked before a ticket is drawn. */
  check(): PrintProblem | undefined;
  print(ticket: PrintableTicket): Promise<PrintProblem | undefined>;
}

/**
 * The object the Sunmi kiosk app adds to its WebView (Android `addJavascriptInterface`, name
 * `SunmiKiosk`): whether its built-in printer is connected, and printing a ticket given as JSON
 * (returns false when the printer refused it).
 */
export interface SunmiKioskBridge {
  hasPrinter(): boolean;
  printTicket(ticketJson: string): boolean;
}

declare global {
  interface Window {
    SunmiKiosk?: SunmiKioskBridge;
  }
}

/** Printing off (the location's `kiosk_printing` OFF): the number and the QR code stay on the screen. */
export const screenOnly: TicketPrinter = {
  paper: false,
  check: () => undefined,
  print: () => Promise.resolve(undefined),
};

/** The browser's print: the page's print stylesheet shows only the ticket. */
export const browserPrinter: TicketPrinter = {
  paper: true,
  check: () => undefined,
  print: async () => {
    // After the ticket is on the page: print() blocks until the dialog closes.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    window.print();
    return undefined;
  },
};

export function sunmiPrinter(bridge: SunmiKioskBridge | undefined = window.SunmiKiosk): TicketPrinter {
  const check = (): PrintProblem | undefined => {
    if (!bridge) return 'notInKioskApp';
    try {
      return bridge.hasPrinter() ? undefined : 'noPrinter';
    } catch {
      return 'noPrinter';
    }
  };
  return {
    paper: true,
    check,
    // The bridge prints synchronously; the promise keeps the printer interface open to one that does not.
    print: (ticket) => {
      const problem = check();
      if (problem) return Promise.resolve(problem);
      try {
        return Promise.resolve(bridge!.printTicket(JSON.stringify(ticket)) ? undefined : 'printFailed');
      } catch {
        return Promise.resolve('printFailed');
      }
    },
  };
}

/** The printer of a kiosk: the Sunmi path prints through the app whatever the location says. */
export function printerFor(mode: KioskPrinting, sunmiPath: boolean): TicketPrinter {
  if (sunmiPath || mode === 'SUNMI') return sunmiPrinter();
  return mode === 'BROWSER' ? browserPrinter : screenOnly;
}
