import { describe, expect, it } from 'vitest';
import { maskPhone, normalizeKenyanPhone } from './phone-rules.js';

describe('normalizeKenyanPhone', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0712 345 678', '+254712345678'],
    ['0112345678', '+254112345678'],
    ['712345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
    ['+254-712-345-678', '+254712345678'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeKenyanPhone(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['letters', 'phone'],
    ['too short', '07123'],
    ['a UK number', '+447911123456'],
    ['a Tanzanian number', '+255712345678'],
    ['too long', '07123456789012'],
  ])('refuses %s', (_name, input) => {
    expect(normalizeKenyanPhone(input)).toBeNull();
  });
});

describe('maskPhone', () => {
  it('keeps the country code, first digit and last three', () => {
    expect(maskPhone('+254712345678')).toBe('+254 7** *** 678');
  });
});
