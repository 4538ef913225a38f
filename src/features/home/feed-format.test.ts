import { describe, expect, it } from 'vitest';
import { accountScope, feedNarrowing } from './feed-format.ts';

const scope = (accounts: string[]) => ({
  start: '2026-11-18',
  filers: [],
  securities: [],
  accounts,
});

describe('accountScope', () => {
  it('counts the accounts it narrows to when the managers’ lookup fails, naming the failure', () => {
    expect(accountScope(scope(['001A', '001B']), true, true)).toBe(
      '2 accounts followed; the followed managers’ accounts could not be read',
    );
  });

  it('says every account only when nothing narrows it', () => {
    expect(accountScope(scope([]), true, true)).toBe(
      'Every account: the followed managers’ accounts could not be read',
    );
    expect(accountScope(scope(['001A']), true)).toBe('1 account followed');
  });
});

describe('feedNarrowing', () => {
  it('names only the sections follows narrow', () => {
    expect(feedNarrowing({ filings: false, accounts: false, securities: true })).toBe(
      'Securities narrowed to what you follow; the rest covers everything.',
    );
    expect(feedNarrowing({ filings: true, accounts: true, securities: false })).toBe(
      'Filings, contact moves and account changes narrowed to what you follow; the rest covers everything.',
    );
  });

  it('invites starring when nothing narrows the feed', () => {
    expect(feedNarrowing({ filings: false, accounts: false, securities: false })).toMatch(
      /^Everything: star managers/,
    );
  });
});
