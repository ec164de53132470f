/*
 * Seams between modules (docs/architecture.md#hooks-between-modules). A module that lets a
 * module above it take part in its work declares a hook here: one implementation it calls
 * (`defineHook`), or an event whose listeners it runs in order, inside its transaction where it
 * has one (`defineEvent`). The implementations live in a per-app registry on `ctx.hooks`, filled
 * in one block at the composition root (app-hooks.ts), never in module globals: two apps in one
 * process (tests) never share them, and a start without a required one fails instead of
 * silently losing a feature.
 */

interface Declared {
  /** `<owner>.<name>`, as the start-up error and the docs name it. */
  readonly name: string;
  /** The module that runs the hook. */
  readonly owner: string;
  /** The module that must provide it (an event: at least one listener). */
  readonly providedBy: string;
  /** False only on purpose: a feature that may be absent; the owner then works without it. */
  readonly required: boolean;
}

/** One implementation the owner calls; `R` says whether the app must provide it. */
export interface Hook<T, R extends boolean = boolean> extends Declared {
  readonly kind: 'hook';
  readonly required: R;
  /** Type only: what the provider hands in. */
  readonly __implementation?: T;
}

/** Listeners the owner runs in order, awaiting each. */
export interface HookEvent<T, R extends boolean = boolean> extends Declared {
  readonly kind: 'event';
  readonly required: R;
  readonly __listener?: T;
}

export type AnyHook = Hook<unknown> | HookEvent<unknown>;

interface Declaration<R extends boolean> {
  owner: string;
  providedBy: string;
  required: R;
}

/** A hook with one implementation; `required: true` makes `ctx.hooks.of(hook)` give it without `undefined`. */
export function defineHook<T>(name: string, declaration: Declaration<true>): Hook<T, true>;
export function defineHook<T>(name: string, declaration: Declaration<false>): Hook<T, false>;
export function defineHook<T>(name: string, declaration: Declaration<boolean>): Hook<T> {
  return { kind: 'hook', ...declaration, name: `${declaration.owner}.${name}` };
}

/** An event; `required: true`: the app must give it at least one listener. */
export function defineEvent<T>(name: string, declaration: Declaration<boolean>): HookEvent<T> {
  return { kind: 'event', ...declaration, name: `${declaration.owner}.${name}` };
}

/** The hooks one module owns, as it exports them (`ticketHooks`, `sessionHooks`, …). */
export type HookSet = Record<string, AnyHook>;

/**
 * One app's implementations. It knows the hooks its app declares (the owners' sets, given at
 * creation), so a provision or a use of any other hook fails at once rather than going unheard.
 */
export class Hooks {
  private readonly declared = new Map<string, AnyHook>();
  private readonly provided = new Map<string, unknown>();
  private readonly listeners = new Map<string, unknown[]>();

  constructor(owners: readonly HookSet[]) {
    for (const set of owners) for (const hook of Object.values(set)) this.declared.set(hook.name, hook);
  }

  /** Hands in the one implementation of a hook; a second one for the same hook is a mistake. */
  provide<T>(hook: Hook<T>, implementation: T): this {
    this.checkDeclared(hook);
    if (this.provided.has(hook.name)) throw new Error(`Hook ${hook.name} is provided twice; it takes one implementation.`);
    this.provided.set(hook.name, implementation);
    return this;
  }

  /** Adds a listener to an event; listeners run in the order they were added. */
  listen<T>(event: HookEvent<T>, listener: T): this {
    this.checkDeclared(event);
    const list = this.listeners.get(event.name) ?? [];
    list.push(listener);
    this.listeners.set(event.name, list);
    return this;
  }

  /** The implementation of a hook: always there for a required one (the start checked), perhaps not for an optional one. */
  of<T>(hook: Hook<T, true>): T;
  of<T>(hook: Hook<T, false>): T | undefined;
  of<T>(hook: Hook<T>): T | undefined {
    this.checkDeclared(hook);
    const implementation = this.provided.get(hook.name) as T | undefined;
    if (implementation === undefined && hook.required) throw new Error(missingMessage([hook]));
    return implementation;
  }

  /** The listeners of an event, in order. */
  listenersOf<T>(event: HookEvent<T>): readonly T[] {
    this.checkDeclared(event);
    return (this.listeners.get(event.name) ?? []) as T[];
  }

  /** Throws, naming each, when a required hook has no implementation or a required event no listener. */
  assertProvided(): void {
    const missing = [...this.declared.values()].filter(
      (hook) => hook.required && (hook.kind === 'hook' ? !this.provided.has(hook.name) : (this.listeners.get(hook.name) ?? []).length === 0),
    );
    if (missing.length > 0) throw new Error(missingMessage(missing));
  }

  private checkDeclared(hook: Declared): void {
    if (this.declared.get(hook.name) !== hook) throw new Error(`Hook ${hook.name} is not among this app's declared hooks: add ${hook.owner}'s hook set in app-hooks.ts.`);
  }
}

function missingMessage(missing: readonly Declared[]): string {
  const lines = missing.map((hook) => `- ${hook.name}: run by ${hook.owner}, to be provided by ${hook.providedBy}`);
  return `The server cannot start: required hooks are not provided (see app-hooks.ts):\n${lines.join('\n')}`;
}
