import { describe, expect, it } from 'vitest';
import { textOn } from './colors';

describe('textOn', () => {
  it.each([
    ['#000000', '#ffffff'],
    ['#0f6b5c', '#ffffff'],
    ['#ffffff', '#000000'],
    ['#ffd500', '#000000'],
    ['#1e88e5', '#ffffff'], // 30 + 136 + 229 = 395
    ['#c62828', '#ffffff'],
    ['#969696', '#000000'], // 450: the boundary is black
    ['#959696', '#ffffff'], // 449
  ])('%s → %s', (background, color) => {
    expect(textOn(background)).toEqual({ background, color });
  });

  it.each([null, undefined, '', 'red', '#fff', '#12345g'])('%s is no colour', (value) => {
    expect(textOn(value)).toEqual({});
  });
});
