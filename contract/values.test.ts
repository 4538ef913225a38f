import { describe, expect, it } from 'vitest';
import { parseNumber, servedNumber } from './values.ts';

describe('servedNumber: the one reading of a served value as a number', () => {
  it.each<[unknown, number]>([
    [12, 12],
    [-0.5, -0.5],
    ['1234', 1234],
    ['1234.5', 1234.5],
    ['-3', -3],
    ['+7', 7],
    ['1e6', 1_000_000],
    ['2.5E-3', 0.0025],
    [' 12 ', 12],
    ['.5', 0.5],
    ['5.', 5],
    ['1,234', 1234],
    ['-1,234,567.25', -1_234_567.25],
    [' 66,639,000,000 ', 66_639_000_000],
    [10n, 10],
  ])('reads %s as %d', (input, expected) => {
    expect(servedNumber(input)).toBe(expected);
  });

  it.each<unknown>([
    null,
    undefined,
    '',
    ' ',
    'n/a',
    '12abc',
    '0x10',
    'Infinity',
    '1,2',
    '12,34',
    '1234,567',
    ',123',
    '1,,234',
    '1,234e3',
    Number.NaN,
    Infinity,
    true,
    {},
    ['1'],
  ])('reads %j as no number', (input) => {
    expect(servedNumber(input)).toBeUndefined();
  });
});

describe('parseNumber: condition values, as strict as the service', () => {
  it.each<[unknown, number | undefined]>([
    ['1234', 1234],
    [' 12 ', 12],
    ['1e6', 1_000_000],
    ['1,234', undefined],
    ['+7', undefined],
  ])('reads %j as %s', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });
});
