import { describe, expect, it } from 'vitest';
import type { BuilderState } from './model.ts';
import { summarize } from './summary.ts';
import { stateFromBody } from './wire.ts';

function stateOf(body: unknown): BuilderState {
  const result = stateFromBody(body);
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

const c = (field: string, operator: string, value: unknown) => ({ [field]: { [operator]: value } });

describe('summarize', () => {
  it.each([
    [
      'the example: equals, between, newest first, a row limit',
      {
        module: '13f_holdings',
        filters: {
          filter: [
            c('ticker', '$equals', 'AAPL'),
            c('filedat', '$between', ['2024-01-01', '2024-03-31']),
          ],
          order_by: 'filedat:DESC',
          max_num: '100',
        },
      },
      '13F holdings where Ticker is AAPL and Filed at between Jan 1, 2024 and Mar 31, 2024, newest first, 100 rows',
    ],
    ['a module alone', { module: 'accounthistory' }, 'Account history'],
    [
      'a percent field, whose values are percentage points',
      {
        module: '13f_holdings',
        filters: {
          filter: [
            c('portfolio_pct_weight', '$gt', '1'),
            c('pct_change_qoq', '$between', ['-50', '50']),
          ],
        },
      },
      '13F holdings where Portfolio weight is greater than 1 % and Share change QoQ between -50 % and 50 %',
    ],
    [
      'a count with a date range and an or-group',
      {
        module: 'metro_area__c',
        count_only: true,
        filters: {
          filter: [
            c('createddate', '$dateRange', 'last_30_days'),
            { $or: [c('country__c', '$equals', 'Japan'), c('name', '$contains', 'York')] },
          ],
        },
      },
      'Count of Metro areas where Created in the last 30 days and (Country is Japan or Metro area contains "York")',
    ],
    [
      'booleans, presence, a raw node, all rows, an offset',
      {
        module: 'updates',
        count_only: '0',
        filters: {
          filter: [
            c('job_change__c', '$equals', true),
            c('role_change__c', '$equals', 'false'),
            c('contact__c', '$not_null', ''),
            c('population', '$gt', 5),
          ],
          order_by: 'name desc',
          max_num: '-1',
          offset: '20',
        },
      },
      'Contact updates where Job change is yes and Role change is no and Contact ID is present and a condition the builder keeps as written, Update descending, all rows, skipping 20',
    ],
    [
      'date comparisons and a lone date sort',
      {
        module: 'investment_holdings',
        filters: {
          filter: [
            c('fund_balance__c', '$gte', '1000000'),
            c('date_acquired__c', '$lt', '2024-02-05'),
            c('lastmodifieddate', '$dateRange', 'this_month'),
          ],
          order_by: 'date_acquired__c',
          max_num: 1,
        },
      },
      'Investment holdings where Fund balance is at least 1000000 and Date acquired is before Feb 5, 2024 and Last modified in this month, oldest first, 1 row',
    ],
    [
      'a blank bound, a datetime with an offset, two sort keys',
      {
        module: '13f_holdings',
        filters: {
          filter: [
            c('value', '$between', ['1', '']),
            c('filedat', '$gt', '2024-01-01T00:00:00-05:00'),
          ],
          order_by: 'periodofreport:DESC, value',
          offset: 0,
        },
      },
      '13F holdings where Value (USD) between 1 and … and Filed at is after Jan 1, 2024 00:00:00-05:00, Period of report newest first then Value (USD) ascending',
    ],
    [
      'periods listed with $in',
      {
        module: '13f_holdings',
        filters: { filter: [c('periodofreport', '$in', ['2025-09-30', '2025-12-31'])] },
      },
      '13F holdings where Period of report is one of Sep 30, 2025, Dec 31, 2025',
    ],
    [
      'a long $in list, counted past five, and an empty one',
      {
        module: '13f_holdings',
        filters: {
          filter: [
            c('pct_change_qoq', '$in', ['1', '2', '3', '4', '5', '6', '7']),
            c('ticker', '$in', []),
          ],
        },
      },
      '13F holdings where Share change QoQ is one of 1 %, 2 %, 3 %, 4 %, 5 % and 2 more and Ticker is one of …',
    ],
    [
      'an empty group and today',
      {
        module: 'updates',
        filters: { filter: [{ $and: [] }, c('createddate', '$dateRange', 'today')] },
      },
      'Contact updates where (no conditions yet) and Created is today',
    ],
  ] as const)('%s', (_name, body, sentence) => {
    expect(summarize(stateOf(body))).toBe(sentence);
  });
});
