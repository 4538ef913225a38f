import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRecord } from '#contract/response';
import { HttpError } from '../../../lib/api/api-errors.ts';
import { servesExtensionFields } from '../../../lib/api/app-config.ts';
import { fetchAllRows } from '../../../lib/api/query-api.ts';
import { buildSearchIndex } from '../search-index.ts';
import type { SearchIndex } from '../search-index.ts';

/** The 13F rows read for the index: the whole demo; at SEC scale, the latest filings first. */
const SEARCH_ROWS = 50_000;
const PAGE = 5000;
/** Read once a session, as the pick-lists are. */
const SESSION = 60 * 60_000;

const INDEX_FIELDS = [
  'companyname',
  'periodofreport',
  'cusip',
  'ticker',
  'nameofissuer',
  'status',
  'service_account_id',
  'service_account_name',
];

/**
 * Account history's "Name" changes read for the accounts' names: a few hundred in the demo, one a
 * rename; bounded so a vendor's long history cannot hold the index up.
 */
const NAME_CHANGES = 5000;

/**
 * Every account's renames, oldest first (so the latest is the current name), through the ordinary
 * query interface: read newest first, so a history longer than the bound loses its oldest
 * renames, not the current names, then turned. A user without account history (403) searches
 * the 13F names alone.
 */
async function readNameChanges(signal: AbortSignal): Promise<ServiceRecord[]> {
  try {
    const newestFirst = await fetchAllRows(
      {
        module: 'accounthistory',
        filters: {
          filter: [{ field: { $equals: 'Name' } }],
          fields: ['accountid', 'oldvalue', 'newvalue', 'createddate'],
          order_by: 'createddate:DESC',
        },
      },
      { signal, pageSize: PAGE, limit: NAME_CHANGES, total: NAME_CHANGES },
    );
    return newestFirst.toReversed();
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return [];
    throw error;
  }
}

/** The index and whether it read every 13F row (else the latest SEARCH_ROWS). */
export interface LoadedSearchIndex {
  readonly index: SearchIndex;
  readonly complete: boolean;
}

const searchIndexOptions = queryOptions({
  queryKey: ['search-index'],
  queryFn: async ({ signal }): Promise<LoadedSearchIndex> => {
    const [rows, nameChanges] = await Promise.all([
      fetchAllRows(
        {
          module: '13f_holdings',
          // The CIK ties a filer to its people (manager-people.ts); only the embedded service has
          // it, so against the vendor's the people are matched by the filer's name instead.
          filters: {
            fields: servesExtensionFields() ? [...INDEX_FIELDS, 'cik'] : INDEX_FIELDS,
            order_by: 'periodofreport:DESC',
          },
        },
        { signal, pageSize: PAGE, limit: SEARCH_ROWS, total: SEARCH_ROWS },
      ),
      readNameChanges(signal),
    ]);
    return { index: buildSearchIndex(rows, nameChanges), complete: rows.length < SEARCH_ROWS };
  },
  staleTime: SESSION,
  gcTime: SESSION,
  retry: false,
});

/** The search index, read from the service the first time `wanted` is true (the box focused). */
export function useSearchIndex(wanted: boolean) {
  return useQuery({ ...searchIndexOptions, enabled: wanted });
}
