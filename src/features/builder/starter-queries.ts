import type { ModuleId } from '#contract/catalog';
import type { QueryBody } from '#contract/query';
import { PORTFOLIO_FIELDS } from '../../lib/url-state/thirteen-f-targets.ts';

/** A first query for a module: what it shows, in one line, and the body that shows it. */
export interface StarterQuery {
  readonly description: string;
  readonly body: QueryBody;
}

/** One starter query per module, each answerable by the embedded demo data. */
export const STARTER_QUERIES: Readonly<Record<ModuleId, StarterQuery>> = {
  '13f_holdings': {
    description: "Berkshire Hathaway's largest positions at 31 March 2025",
    body: {
      module: '13f_holdings',
      filters: {
        fields: [...PORTFOLIO_FIELDS],
        filter: [
          { companyname: { $equals: 'BERKSHIRE HATHAWAY INC' } },
          { periodofreport: { $equals: '2025-03-31' } },
        ],
        order_by: 'value:DESC',
        max_num: '25',
      },
    },
  },
  investment_holdings: {
    description: 'The 500 largest fund positions, across asset classes',
    body: {
      module: 'investment_holdings',
      filters: {
        filter: [{ fund_balance__c: { $gt: '1000000' } }],
        order_by: 'fund_balance__c:DESC',
        max_num: '500',
      },
    },
  },
  accounthistory: {
    description: 'The latest 2,000 changes to account fields',
    body: { module: 'accounthistory', filters: { order_by: 'createddate:DESC', max_num: '2000' } },
  },
  metro_area__c: {
    description: 'Every metro area, by country',
    body: { module: 'metro_area__c', filters: { order_by: 'country__c:ASC,name:ASC' } },
  },
  manager_presentation__c: {
    description: 'The newest 500 manager presentation documents',
    body: {
      module: 'manager_presentation__c',
      filters: { order_by: 'createddate:DESC', max_num: '500' },
    },
  },
  updates: {
    description: 'The latest 1,000 contact updates: job, role and field changes',
    body: {
      module: 'updates',
      filters: { order_by: 'last_updated_date__c:DESC', max_num: '1000' },
    },
  },
};

/**
 * A starter's body for the deployment: the vendor's interface defines one sort key, so sent
 * upstream a starter keeps only its first (more keys are the embedded service's extension; the
 * table's headers sort further on the loaded rows).
 */
export function starterBody(module: ModuleId, mode: 'embedded' | 'upstream'): QueryBody {
  const body =
    mode === 'embedded'
      ? withEmbeddedFields(STARTER_QUERIES[module].body)
      : STARTER_QUERIES[module].body;
  const orderBy = body.filters?.order_by;
  if (mode === 'embedded' || orderBy === undefined || !orderBy.includes(',')) return body;
  const [first = ''] = orderBy.split(',');
  return { ...body, filters: { ...body.filters, order_by: first.trim() } };
}

/**
 * The embedded service's 13F `putcall` after how each position changed: options show as such in
 * the table, beside the CUSIP, without pushing the weight and status off screen. The vendor has
 * no such field (there the row notes tell an option by its name).
 */
function withEmbeddedFields(body: QueryBody): QueryBody {
  const fields = body.filters?.fields;
  if (body.module !== '13f_holdings' || fields === undefined || fields.includes('putcall'))
    return body;
  const at = fields.indexOf('pct_change_qoq') + 1;
  return {
    ...body,
    filters: { ...body.filters, fields: [...fields.slice(0, at), 'putcall', ...fields.slice(at)] },
  };
}
