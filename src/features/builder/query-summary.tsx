import { List, Text } from '@mantine/core';
import { describeProblemPath } from './problem-path.ts';
import { summarize } from './summary.ts';
import type { QueryBuilderModel } from './use-query-builder.ts';

/** The query in plain English. */
export function QuerySummary({ builder }: { builder: QueryBuilderModel }) {
  return (
    <Text size="sm" aria-label="Query in words">
      {summarize(builder.state)}
    </Text>
  );
}

/** Why the query cannot run yet, one line per problem. */
export function BlockingProblems({ builder }: { builder: QueryBuilderModel }) {
  if (builder.blocking.length === 0) return null;
  return (
    <List size="sm" c="red.8" aria-label="Why the query cannot run">
      {builder.blocking.map((problem) => (
        <List.Item key={problem.path}>
          {describeProblemPath(problem.path, builder.state.filter)}: {problem.message}
        </List.Item>
      ))}
    </List>
  );
}
