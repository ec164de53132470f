import { describe, expect, it } from 'vitest';
import { embedFlags } from './embed-flags';

describe('embedFlags: true only for the text "true"', () => {
  it.each([
    ['hideCalled=true', true],
    ['hideCalled=TRUE', false],
    ['hideCalled=True', false],
    ['hideCalled=1', false],
    ['hideCalled=yes', false],
    ['hideCalled=', false],
    ['hideCalled', false],
    ['hideCalled=true%20', false],
    ['', false],
  ])('?%s → %s', (query, expected) => {
    expect(embedFlags(new URLSearchParams(query)).hideCalled).toBe(expected);
  });

  it('reads every flag on its own', () => {
    expect(embedFlags(new URLSearchParams('hideTitle=true&hideWait=false&sameWindow=true'))).toEqual({
      hideTitle: true,
      hideWait: false,
      hideCalled: false,
      sameWindow: true,
      transparent: false,
    });
  });
});
