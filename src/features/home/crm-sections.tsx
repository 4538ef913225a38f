import { Anchor, List } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { findField } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { accountNamesOptions } from '../../lib/api/account-names-query.ts';
import { useRefusedModules } from '../../lib/api/use-refused-modules.ts';
import { formatDay } from '../../lib/format/dates.ts';
import { safeHref } from '../../lib/format/safe-url.ts';
import { FeedSection } from './feed-section.tsx';
import { AccountLink, ItemMeta, WorkspaceAnchor } from './feed-links.tsx';
import {
  contactMovesQuery,
  fetchSection,
  fieldChangesQuery,
  presentationsQuery,
  sectionBody,
} from './feed-query.ts';
import type { FeedScope, SectionQuery, SectionRows } from './feed-query.ts';
import { historyValue } from './feed-format.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const day = (value: unknown) => formatDay(text(value).slice(0, 10));

/** `enabled` false: the section waits (its skeleton showing) for what narrows it. */
function useSection(name: string, query: SectionQuery, enabled = true) {
  return useQuery({
    queryKey: ['home', name, query],
    queryFn: ({ signal }) => fetchSection(query, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** The names of the accounts `rows` name in `field` (none while they load, or on failure). */
function useNames(rows: readonly ServiceRecord[] | undefined, field: string) {
  const refused = useRefusedModules();
  const ids = (rows ?? []).map((row) => text(row[field])).filter(Boolean);
  return useQuery(accountNamesOptions(ids, !refused.has('13f_holdings'))).data;
}

const countOf = (data: SectionRows) => data.count.toLocaleString();

/** The sections narrowed to accounts: their scope and how it is worded. */
interface CrmSectionProps {
  readonly scope: FeedScope;
  readonly note: string;
  /**
   * False while the followed managers' accounts load: skeletons, and no "open as a query" (its
   * query would have no account filter yet), until the scope is known.
   */
  readonly ready?: boolean;
}

/** Job and role changes of contacts at the accounts followed (all when none). */
export function ContactMovesSection({ scope, note, ready = true }: CrmSectionProps) {
  const query = contactMovesQuery(scope);
  const result = useSection('moves', query, ready);
  const names = useNames(result.data?.rows, 'account__c');
  return (
    <FeedSection
      id="moves"
      title="Contact moves"
      scope={note}
      result={result}
      count={countOf}
      empty={(data) =>
        data.rows.length === 0 ? `No job or role change since ${formatDay(scope.start)}.` : null
      }
      openBody={ready ? sectionBody(query) : undefined}
    >
      {(data) => (
        <List spacing={6} size="sm" listStyleType="none" aria-label="Contact moves">
          {data.rows.map((row) => {
            const id = text(row.account__c);
            const move = row.job_change__c === true ? 'Job change' : 'Role change';
            return (
              <List.Item key={text(row.sfid) || text(row.name)}>
                <WorkspaceAnchor
                  body={{
                    module: 'updates',
                    filters: { filter: [{ sfid: { $equals: text(row.sfid) } }] },
                  }}
                >
                  {text(row.contact_name__c) || text(row.name)}
                </WorkspaceAnchor>{' '}
                {move.toLowerCase()} at{' '}
                {id ? <AccountLink id={id} name={names?.get(id)} /> : 'an account not named'}
                <ItemMeta parts={[day(row.createddate)]} />
              </List.Item>
            );
          })}
        </List>
      )}
    </FeedSection>
  );
}

const FIELD = findField('accounthistory', 'field');
/** Account field changes (AUM and the like), old → new. */
export function FieldChangesSection({ scope, note, ready = true }: CrmSectionProps) {
  const query = fieldChangesQuery(scope);
  const result = useSection('fields', query, ready);
  const names = useNames(result.data?.rows, 'accountid');
  return (
    <FeedSection
      id="fields"
      title="Account changes"
      scope={note}
      result={result}
      count={countOf}
      empty={(data) =>
        data.rows.length === 0 ? `No account field changed since ${formatDay(scope.start)}.` : null
      }
      openBody={ready ? sectionBody(query) : undefined}
    >
      {(data) => (
        <List spacing={6} size="sm" listStyleType="none" aria-label="Account changes">
          {data.rows.map((row, index) => {
            const id = text(row.accountid);
            const field = text(row.field);
            return (
              <List.Item key={`${id}|${field}|${String(index)}`}>
                {id ? <AccountLink id={id} name={names?.get(id)} /> : 'An account'}:{' '}
                {FIELD?.valueLabels?.[field] ?? field} {historyValue(row.oldvalue, row.datatype)} →{' '}
                {historyValue(row.newvalue, row.datatype)}
                <ItemMeta parts={[day(row.createddate)]} />
              </List.Item>
            );
          })}
        </List>
      )}
    </FeedSection>
  );
}

/** New manager presentations, newest first. */
export function PresentationsSection({ scope }: { scope: FeedScope }) {
  const query = presentationsQuery(scope);
  const result = useSection('presentations', query);
  return (
    <FeedSection
      id="presentations"
      title="New manager presentations"
      scope="Every manager (presentations name no account)"
      result={result}
      count={countOf}
      empty={(data) =>
        data.rows.length === 0 ? `No presentation since ${formatDay(scope.start)}.` : null
      }
      openBody={sectionBody(query)}
    >
      {(data) => (
        <List spacing={6} size="sm" listStyleType="none" aria-label="Presentations">
          {data.rows.map((row, index) => {
            const href = safeHref(row.url);
            const name = text(row.name);
            return (
              <List.Item key={`${name}|${String(index)}`}>
                <WorkspaceAnchor
                  body={{
                    module: 'manager_presentation__c',
                    filters: { filter: [{ name: { $equals: name } }] },
                  }}
                >
                  {name}
                </WorkspaceAnchor>
                <ItemMeta
                  parts={[
                    text(row.manager_presentation_type__c) || text(row.type__c),
                    day(row.createddate),
                  ]}
                />
                {href && (
                  <>
                    {' · '}
                    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
                      {text(row.document_name) || 'Document'}
                    </Anchor>
                  </>
                )}
              </List.Item>
            );
          })}
        </List>
      )}
    </FeedSection>
  );
}
