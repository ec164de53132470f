import { describe, expect, it } from 'vitest';
import { defineEvent, defineHook, Hooks } from './hooks.js';

type Greeter = (name: string) => string;

// A hook set as an owner module declares one.
const lowerHooks = {
  greet: defineHook<Greeter>('greet', { owner: 'lower', providedBy: 'upper', required: true }),
  decorate: defineHook<Greeter>('decorate', { owner: 'lower', providedBy: 'extras', required: false }),
  closed: defineEvent<(id: string) => void>('closed', { owner: 'lower', providedBy: 'upper', required: true }),
};

const hello: Greeter = (name) => `hello ${name}`;

describe('a registry of hooks', () => {
  it('refuses to start without a required hook or a required event listener, naming each, its owner and its provider', () => {
    const hooks = new Hooks([lowerHooks]);
    expect(() => hooks.assertProvided()).toThrow(
      [
        'The server cannot start: required hooks are not provided (see app-hooks.ts):',
        '- lower.greet: run by lower, to be provided by upper',
        '- lower.closed: run by lower, to be provided by upper',
      ].join('\n'),
    );
    hooks.provide(lowerHooks.greet, hello);
    expect(() => hooks.assertProvided()).toThrow(/^(?!.*lower\.greet).*\n- lower\.closed: run by lower, to be provided by upper$/s);
    hooks.listen(lowerHooks.closed, () => undefined);
    expect(() => hooks.assertProvided()).not.toThrow();
  });

  it('leaves an optional hook absent on purpose: the owner reads undefined', () => {
    const hooks = new Hooks([lowerHooks]).provide(lowerHooks.greet, hello).listen(lowerHooks.closed, () => undefined);
    hooks.assertProvided();
    expect(hooks.of(lowerHooks.decorate)).toBeUndefined();
    expect(hooks.of(lowerHooks.greet)('Ada')).toBe('hello Ada');
  });

  it('runs listeners in the order they were added', () => {
    const heard: string[] = [];
    const hooks = new Hooks([lowerHooks]).listen(lowerHooks.closed, (id) => heard.push(`first ${id}`)).listen(lowerHooks.closed, (id) => heard.push(`second ${id}`));
    for (const listener of hooks.listenersOf(lowerHooks.closed)) listener('q1');
    expect(heard).toEqual(['first q1', 'second q1']);
  });

  it('refuses a second implementation of a one-implementation hook', () => {
    const hooks = new Hooks([lowerHooks]).provide(lowerHooks.greet, hello);
    expect(() => hooks.provide(lowerHooks.greet, hello)).toThrow('Hook lower.greet is provided twice; it takes one implementation.');
  });

  it('refuses a hook of an owner it was not given, so a forgotten hook set fails loudly', () => {
    const strayHooks = { greet: defineHook<Greeter>('greet', { owner: 'stray', providedBy: 'upper', required: true }) };
    const hooks = new Hooks([lowerHooks]);
    expect(() => hooks.provide(strayHooks.greet, hello)).toThrow("Hook stray.greet is not among this app's declared hooks: add stray's hook set in app-hooks.ts.");
    expect(() => hooks.of(strayHooks.greet)).toThrow(/not among this app's declared hooks/);
  });

  it('keeps each registry apart: two apps in one process never share an implementation', () => {
    const first = new Hooks([lowerHooks]).provide(lowerHooks.greet, hello);
    const second = new Hooks([lowerHooks]);
    expect(first.of(lowerHooks.greet)('Ada')).toBe('hello Ada');
    expect(() => second.of(lowerHooks.greet)).toThrow('- lower.greet: run by lower, to be provided by upper');
  });
});
