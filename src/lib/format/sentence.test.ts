import { describe, expect, it } from 'vitest';
import { sentence } from './sentence.ts';

describe('sentence', () => {
  it('closes a sentence once, also when it ends on a name with a full stop', () => {
    expect(sentence('1.2% for BERKSHIRE HATHAWAY INC')).toBe('1.2% for BERKSHIRE HATHAWAY INC.');
    expect(sentence('1.2% for PERSHING SQUARE CAPITAL MANAGEMENT, L.P.')).toBe(
      '1.2% for PERSHING SQUARE CAPITAL MANAGEMENT, L.P.',
    );
  });
});
