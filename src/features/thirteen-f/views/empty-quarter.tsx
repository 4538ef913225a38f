import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { ANALYSIS_LINK_VERSION } from '../../../lib/url-state/analysis-links.ts';
import { formatDay } from '../../../lib/format/dates.ts';

/**
 * A quarter no manager filed, said in a sentence instead of five empty chart cards, with links
 * to the nearest quarters some manager filed (`nearest`; undefined while they are looked for).
 */
export function EmptyQuarter({
  period,
  nearest,
}: {
  period: string;
  nearest: readonly string[] | undefined;
}) {
  return (
    <Text role="status">
      No manager filed for {formatDay(period)}: there is nothing to chart.
      {nearest === undefined && ' Looking for the nearest quarters with data…'}
      {nearest !== undefined && nearest.length > 0 && (
        <>
          {' '}
          The nearest {nearest.length === 1 ? 'quarter' : 'quarters'} with data:{' '}
          {nearest.map((end, index) => (
            <Fragment key={end}>
              {index > 0 && ' and '}
              <Anchor
                renderRoot={(props) => (
                  <Link
                    to="/quarter"
                    search={{ v: ANALYSIS_LINK_VERSION, period: end }}
                    {...props}
                  />
                )}
              >
                {formatDay(end)}
              </Anchor>
            </Fragment>
          ))}
          .
        </>
      )}
    </Text>
  );
}
