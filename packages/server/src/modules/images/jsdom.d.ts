/**
 * The part of jsdom the SVG sanitiser uses. jsdom ships no types of its own and @types/jsdom
 * follows a later major; these few lines are all this server needs of it.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: {
      XMLSerializer: new () => { serializeToString(node: unknown): string };
    };
  }
}
