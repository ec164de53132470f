import { describe, expect, it } from 'vitest';
import { textOn } from './colors';

describe('textOn', () => {
  it.each([
    ['#000000', '#ffffff'],
    ['#0f6b5c', '#ffffff'],
    ['#ffffff', '#000000'],
    ['#ffd500', '#000000'],
    ['#1e88e5', '#000000'],
    ['#c62828', '#ffffff'],
  ])('%s → %s', (background, color) => {
    expect(textOn(background)).toEqual({ background, color });
  });

  it.each([null, undefined, '', 'red', '#fff', '#12345g'])('%s is no colour', (value) => {
    expect(textOn(value)).toEqual({});
  });
});
