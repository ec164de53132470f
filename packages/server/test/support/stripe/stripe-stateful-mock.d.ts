// stripe-stateful-mock ships no types; this is the one function the test server calls.
declare module 'stripe-stateful-mock' {
  import type { Server } from 'node:http';
  export function createExpressApp(): { listen(port: number, host: string): Server };
}
