import { Divider, Stack } from '@mantine/core';
import { FormProvider } from 'react-hook-form';
import { BuilderContext } from './builder-context.ts';
import { FilterTree } from './filter-group.tsx';
import { OutputOptions } from './output-options.tsx';
import type { QueryBuilderModel } from './use-query-builder.ts';

/** The visual builder: the filter tree and the output options of one module's query. */
export function QueryBuilder({
  builder,
  singleSortKey = false,
}: {
  builder: QueryBuilderModel;
  /** Offer one sort key: the vendor's interface defines no more (upstream mode). */
  singleSortKey?: boolean;
}) {
  return (
    <FormProvider {...builder.form}>
      <BuilderContext.Provider
        value={{ module: builder.state.module, problems: builder.problemsByPath, singleSortKey }}
      >
        <Stack gap="md">
          <FilterTree />
          <Divider />
          <OutputOptions />
        </Stack>
      </BuilderContext.Provider>
    </FormProvider>
  );
}
