import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatUsdCompact } from '../../components/charts/chart-format.ts';
import { SecurityAnchor } from '../../components/security-link.tsx';
import { formatDay } from '../../lib/format/dates.ts';
import { FeedSection } from './feed-section.tsx';
import { sectionBody } from './feed-query.ts';
import { fetchSecurityMoves, securityMovesQuery } from './securities.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Followed securities: new holders and sellers among tracked managers in the latest quarter. */
export function SecuritiesSection({
  securities,
  useCompleteQuarter,
}: {
  securities: readonly string[];
  useCompleteQuarter: (wanted: boolean) => string | null | undefined;
}) {
  const upTo = useCompleteQuarter(true);
  const result = useQuery({
    queryKey: ['home', 'securities', securities, upTo],
    queryFn: ({ signal }) => fetchSecurityMoves(securities, upTo ?? null, signal),
    enabled: upTo !== undefined,
    staleTime: 60_000,
  });
  const followed = securities.length;
  const period = result.data?.period ?? null;
  return (
    <FeedSection
      id="securities"
      title={
        followed > 0 ? 'Followed securities: new holders and sellers' : 'Largest new positions'
      }
      scope={`${
        followed > 0
          ? `${String(followed)} followed securit${followed === 1 ? 'y' : 'ies'}`
          : 'Every security: star securities to see their new holders and sellers'
      }${period ? `, quarter ${formatDay(period)}` : ''}`}
      result={result}
      count={(data) => `${data.count.toLocaleString()}${data.bounded ? '+' : ''}`}
      empty={(data) =>
        data.rows.length === 0
          ? data.period
            ? 'No manager opened or sold out of them in the latest quarter.'
            : 'No 13F holding of them in the data.'
          : null
      }
      openBody={period ? sectionBody(securityMovesQuery(securities, period)) : undefined}
    >
      {(data) => (
        <List spacing={6} size="sm" listStyleType="none" aria-label="Security moves">
          {data.rows.map((row, index) => (
            <List.Item key={`${text(row.companyname)}|${text(row.cusip)}|${String(index)}`}>
              <SecurityAnchor cusip={text(row.cusip)} period={row.periodofreport}>
                {text(row.ticker) || text(row.nameofissuer) || text(row.cusip)}
              </SecurityAnchor>{' '}
              {row.status === 'SOLD OUT' ? 'sold out by' : 'new at'} {text(row.companyname)}
              {row.status !== 'SOLD OUT' && typeof row.value === 'number' && (
                <Text size="sm" c="dimmed" span>
                  {' '}
                  · {formatUsdCompact(row.value)}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </FeedSection>
  );
}
