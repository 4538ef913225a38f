import { describe, expect, it } from 'vitest';
import { isDataQualityDemo } from './demo-filers.ts';

describe('isDataQualityDemo', () => {
  it.each([
    ['ALDER CREEK CAPITAL (DATA-QUALITY DEMO)', true],
    ['ALDER CREEK CAPITAL (DATA-QUALITY DEMO) ', true],
    ['BERKSHIRE HATHAWAY INC', false],
    ['DATA-QUALITY DEMO CAPITAL LLC', false],
  ])('%s -> %s', (name, expected) => {
    expect(isDataQualityDemo(name)).toBe(expected);
  });
});
