import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchIndex } from './search-index.ts';

function rename(accountid: string, oldvalue: string | null, newvalue: string, createddate: string) {
  // Only the fields the index asks for: no `field`.
  return { accountid, oldvalue, newvalue, createddate };
}

const berkshireRow = {
  companyname: 'BERKSHIRE HATHAWAY INC',
  periodofreport: '2025-03-31',
  cusip: '037833100',
  nameofissuer: 'APPLE INC',
  service_account_id: '001A',
  service_account_name: 'Berkshire Hathaway Inc.',
};

/** An index of one matched filer and account history's renames, oldest first. */
function setup(
  history = [rename('001B', 'Dunmore Investment Management', 'Elmstead Capital', '2025-01-02')],
) {
  return buildSearchIndex([berkshireRow], history);
}

describe('accounts in the search index', () => {
  it('finds an account only account history names, by its current name', () => {
    const found = searchIndex(setup(), 'elmstead').accounts;
    expect(found.map((a) => [a.accountId, a.accountName, a.formerly])).toEqual([
      ['001B', 'Elmstead Capital', null],
    ]);
  });

  it('finds it by an old name too, saying which', () => {
    const found = searchIndex(setup(), 'dunmore').accounts;
    expect(found.map((a) => [a.accountName, a.formerly])).toEqual([
      ['Elmstead Capital', 'Dunmore Investment Management'],
    ]);
  });

  it('finds an account by its ID typed whole, not in part', () => {
    expect(searchIndex(setup(), '001b').accounts.map((a) => a.accountId)).toEqual(['001B']);
    expect(searchIndex(setup(), '001').accounts).toEqual([]);
  });

  it('names an account by history’s latest rename before its 13F name', () => {
    const index = setup([
      rename('001A', 'Berkshire Hathaway Inc.', 'Berkshire Hathaway', '2024-05-01'),
      rename('001A', 'Berkshire Hathaway', 'Berkshire Hathaway Holdings', '2025-05-01'),
    ]);
    const [account] = index.accounts;
    expect(account?.accountName).toBe('Berkshire Hathaway Holdings');
    expect(account?.names).toEqual([
      'Berkshire Hathaway Holdings',
      'Berkshire Hathaway',
      'Berkshire Hathaway Inc.',
    ]);
  });

  it('keeps at most six names of an account, the latest', () => {
    const history = Array.from({ length: 12 }, (_, n) =>
      rename('001C', `Name ${String(n)}`, `Name ${String(n + 1)}`, `2025-01-${String(n + 10)}`),
    );
    const [, account] = setup(history).accounts;
    expect(account?.accountName).toBe('Name 12');
    expect(account?.names).toHaveLength(6);
    expect(searchIndex(setup(history), 'name 0').accounts).toEqual([]);
  });
});
