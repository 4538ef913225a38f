import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** The index and whether it read every 13F row (else the latest SEARCH_ROWS). */
export interface LoadedSearchIndex {
  readonly index: SearchIndex;
  readonly complete: boolean;
}

const searchIndexOptions = queryOptions({
  queryKey: ['search-index'],
  queryFn: async ({ signal }): Promise<LoadedSearchIndex> => {
    const rows = await fetchAllRows(
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
    );
    return { index: buildSearchIndex(rows), complete: rows.length < SEARCH_ROWS };
  },
  staleTime: SESSION,
  gcTime: SESSION,
  retry: false,
});

/** The search index, read from the service the first time `wanted` is true (the box focused). */
export function useSearchIndex(wanted: boolean) {
  return useQuery({ ...searchIndexOptions, enabled: wanted });
}
