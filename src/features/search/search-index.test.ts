import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchIndex } from './search-index.ts';

interface RowSpec {
  filer: string;
  period: string;
  cusip: string;
  ticker?: string;
  issuer: string;
  account?: [string, string];
}

function row(spec: RowSpec): Record<string, unknown> {
  return {
    companyname: spec.filer,
    periodofreport: spec.period,
    cusip: spec.cusip,
    ticker: spec.ticker ?? null,
    nameofissuer: spec.issuer,
    service_account_id: spec.account?.[0] ?? null,
    service_account_name: spec.account?.[1] ?? null,
  };
}

const BERKSHIRE: [string, string] = ['001A', 'Berkshire Hathaway Inc.'];
const rows = [
  row({
    filer: 'BERKSHIRE HATHAWAY INC',
    period: '2025-03-31',
    cusip: '037833100',
    ticker: 'AAPL',
    issuer: 'APPLE INC',
    account: BERKSHIRE,
  }),
  row({
    filer: 'BERKSHIRE HATHAWAY INC',
    period: '2024-12-31',
    cusip: '037833100',
    ticker: 'AAPL',
    issuer: 'APPLE INC',
    account: BERKSHIRE,
  }),
  row({
    filer: 'SCION ASSET MANAGEMENT',
    period: '2025-03-31',
    cusip: '037833100',
    ticker: 'AAPL',
    issuer: 'APPLE INC',
  }),
  row({
    filer: 'SCION ASSET MANAGEMENT',
    period: '2024-12-31',
    cusip: '02079K305',
    ticker: 'GOOGL',
    issuer: 'ALPHABET INC',
  }),
  row({
    filer: 'PERSHING SQUARE',
    period: '2025-03-31',
    cusip: '02079K107',
    ticker: 'GOOG',
    issuer: 'ALPHABET INC',
  }),
  row({
    filer: 'PERSHING SQUARE',
    period: '2025-03-31',
    cusip: '084670702',
    ticker: 'BRK/B',
    issuer: 'BERKSHIRE HATHAWAY INC DEL',
  }),
];
const index = buildSearchIndex(rows);

describe('buildSearchIndex', () => {
  it('knows each filer by its latest period', () => {
    expect(index.filers).toContainEqual({
      name: 'BERKSHIRE HATHAWAY INC',
      cik: null,
      latestPeriod: '2025-03-31',
      accountId: '001A',
    });
    expect(index.filers).toContainEqual({
      name: 'SCION ASSET MANAGEMENT',
      cik: null,
      latestPeriod: '2025-03-31',
      accountId: null,
    });
  });

  it('does not count a manager that sold out as a holder', () => {
    const sold = buildSearchIndex([
      ...rows,
      {
        ...row({
          filer: 'PERSHING SQUARE',
          period: '2025-03-31',
          cusip: '037833100',
          ticker: 'AAPL',
          issuer: 'APPLE INC',
        }),
        status: 'SOLD OUT',
      },
    ]);
    expect(sold.securities.find((s) => s.cusip === '037833100')?.holders).toBe(2);
  });

  it('counts a security’s holders in its latest period only', () => {
    expect(index.securities.find((s) => s.cusip === '037833100')).toEqual({
      cusip: '037833100',
      ticker: 'AAPL',
      issuer: 'APPLE INC',
      latestPeriod: '2025-03-31',
      holders: 2,
      holdersByPeriod: new Map([
        ['2025-03-31', 2],
        ['2024-12-31', 1],
      ]),
    });
    // GOOGL's only holder filed it a quarter earlier: that is its latest period.
    expect(index.securities.find((s) => s.cusip === '02079K305')).toMatchObject({
      latestPeriod: '2024-12-31',
      holders: 1,
    });
  });

  it('keeps accounts that have a name, once', () => {
    expect(index.accounts).toEqual([
      {
        accountId: '001A',
        accountName: 'Berkshire Hathaway Inc.',
        strategyName: null,
        names: ['Berkshire Hathaway Inc.'],
        searched: ['berkshire hathaway inc.'],
      },
    ]);
  });

  it('ties each filer to its matched account, when its rows name one', () => {
    const byName = new Map(index.filers.map((filer) => [filer.name, filer.accountId]));
    expect(byName.get('BERKSHIRE HATHAWAY INC')).toBe('001A');
    expect(byName.get('SCION ASSET MANAGEMENT')).toBeNull();
  });

  it("takes a filer's account from its latest period, in whatever order the rows come", () => {
    const matched = (order: 'newest first' | 'oldest first') => {
      const spec = { filer: 'ACME', cusip: '037833100', issuer: 'APPLE INC' };
      const both = [
        row({ ...spec, period: '2025-03-31', account: ['001NEW', 'Acme Partners'] }),
        row({ ...spec, period: '2024-12-31', account: ['001OLD', 'Acme Old'] }),
      ];
      const built = buildSearchIndex(order === 'newest first' ? both : both.toReversed());
      return built.filers.find((filer) => filer.name === 'ACME')?.accountId;
    };
    expect(matched('newest first')).toBe('001NEW');
    expect(matched('oldest first')).toBe('001NEW');
  });
});

describe('searchIndex', () => {
  it('finds a security by ticker, CUSIP or issuer, the ticker typed whole first', () => {
    expect(searchIndex(index, 'aapl').securities.map((s) => s.cusip)).toEqual(['037833100']);
    expect(searchIndex(index, '0378').securities.map((s) => s.ticker)).toEqual(['AAPL']);
    expect(searchIndex(index, 'goog').securities.map((s) => s.ticker)).toEqual(['GOOG', 'GOOGL']);
    expect(searchIndex(index, 'alphabet').securities).toHaveLength(2);
  });

  it('ranks a prefix before a word inside, and a word inside before any substring', () => {
    const found = searchIndex(index, 'hath');
    expect(found.filers.map((f) => f.name)).toEqual(['BERKSHIRE HATHAWAY INC']);
    expect(found.accounts.map((a) => a.accountName)).toEqual(['Berkshire Hathaway Inc.']);
    expect(searchIndex(index, 'berk').securities.map((s) => s.ticker)).toEqual(['BRK/B']);
    expect(searchIndex(index, 'sq').filers.map((f) => f.name)).toEqual(['PERSHING SQUARE']);
  });

  it('finds nothing for blank text, without case mattering otherwise', () => {
    const none = { filers: [], people: [], securities: [], accounts: [] };
    expect(searchIndex(index, '  ')).toEqual(none);
    expect(searchIndex(index, 'SCION').filers).toHaveLength(1);
    expect(searchIndex(index, 'zzz')).toEqual(none);
  });

  describe('people', () => {
    const giverny = row({
      filer: 'GIVERNY CAPITAL INC.',
      period: '2025-06-30',
      cusip: 'X',
      issuer: 'X',
    });
    // Filed under a name the data file does not know: the CIK still ties it to its people.
    const renamed = { ...giverny, companyname: 'GIVERNY CAPITAL (RENAMED)', cik: '0001641864' };

    it('finds a filer by its people: last name, full name, prefix, any case or accent', () => {
      const index = buildSearchIndex([...rows, giverny]);
      const names = (query: string) => searchIndex(index, query).people.map((p) => p.name);
      expect(names('buffett')).toEqual(['Warren Buffett']);
      expect(names('BUFF')).toEqual(['Warren Buffett']);
      expect(names('warren buffett')).toEqual(['Warren Buffett']);
      expect(names('munger')).toEqual(['Charlie Munger']);
      expect(names('charles munger')).toEqual(['Charlie Munger']);
      expect(names('francois rochon')).toEqual(['François Rochon']);
      expect(names('Rochón')).toEqual(['François Rochon']);
      const [buffett] = searchIndex(index, 'buffett').people;
      expect(buffett?.firm).toBe('Berkshire Hathaway');
      expect(buffett?.filer).toMatchObject({
        name: 'BERKSHIRE HATHAWAY INC',
        latestPeriod: '2025-03-31',
      });
    });

    it('ties people to a filer by CIK, and leaves out those of filers not in the index', () => {
      const index = buildSearchIndex([renamed]);
      expect(searchIndex(index, 'rochon').people.map((p) => p.filer.name)).toEqual([
        'GIVERNY CAPITAL (RENAMED)',
      ]);
      expect(searchIndex(index, 'buffett').people).toEqual([]);
    });
  });
});
