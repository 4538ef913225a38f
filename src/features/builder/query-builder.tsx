import { Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { BuilderContext, builderContextOf, createFocusRequest } from './builder-context.ts';
import { FilterTree } from './filter-group.tsx';
import { OutputOptions } from './output-options.tsx';
import type { QueryBuilderModel } from './use-query-builder.ts';

/** The visual builder: the filter tree and the output options of one module's query. */
export function QueryBuilder({
  builder,
  upstream = false,
}: {
  builder: QueryBuilderModel;
  /** The vendor's service answers (upstream mode): offer only what its interface defines. */
  upstream?: boolean;
}) {
  const [focus] = useState(createFocusRequest);
  return (
    <BuilderContext value={builderContextOf(builder, upstream, focus)}>
      <Stack gap="md">
        <FilterTree />
        <Divider />
        <OutputOptions />
      </Stack>
    </BuilderContext>
  );
}
