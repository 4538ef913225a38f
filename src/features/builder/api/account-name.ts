/**
 * The builder's own query: a chip names an account by its id (`account__c is 001…` reads
 * "Account: Berkshire Hathaway Inc."). Only 13F rows carry account names, so it reads one of
 * them, through the query interface alone: nothing of the 13F feature.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchQueryResult } from '../../../lib/api/query-api.ts';

const FIVE_MINUTES = 5 * 60_000;

/**
 * A CRM account's name, from the 13F rows of the filer matched to it (the only rows that carry
 * account names); null when none is (or the analyst may not read 13F).
 */
export function accountNameOptions(accountId: string | null) {
  return queryOptions({
    queryKey: ['thirteen-f', 'account-name', accountId],
    queryFn:
      accountId !== null
        ? async ({ signal }): Promise<string | null> => {
            const answer = await fetchQueryResult(
              {
                module: '13f_holdings',
                filters: {
                  fields: ['service_account_name'],
                  filter: [{ service_account_id: { $equals: accountId } }],
                  max_num: '1',
                },
              },
              signal,
            );
            const name = answer.kind === 'rows' ? answer.rows[0]?.service_account_name : null;
            return typeof name === 'string' && name !== '' ? name : null;
          }
        : skipToken,
    staleTime: FIVE_MINUTES,
    retry: false,
  });
}
