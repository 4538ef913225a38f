import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { QueryRequestBody } from '#contract/request-body';
import type { FieldErrors, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import type { BuilderState } from './model.ts';
import { bodyFromState } from './wire.ts';
import { builderProblems } from './validation.ts';
import type { BuilderProblem } from './validation.ts';

/** Nests problems by their dot paths, as react-hook-form keeps errors. */
function toFieldErrors(problems: readonly BuilderProblem[]): FieldErrors {
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    const keys = problem.path.split('.');
    let level = errors;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        level[key] ??= { type: 'validate', message: problem.message };
      } else {
        level[key] ??= {};
        level = level[key] as Record<string, unknown>;
      }
    });
  }
  return errors as FieldErrors;
}

/** The contract's rules, as react-hook-form's resolver: a query with blocking problems never runs. */
const resolveBuilder: Resolver = (values) => {
  const blocking = builderProblems(values as BuilderState).filter((problem) => problem.blocking);
  return blocking.length === 0
    ? { values, errors: {} }
    : { values: {}, errors: toFieldErrors(blocking) };
};

/** The builder's form and what is derived from it, shared by the builder, the JSON panel and Run. */
export interface QueryBuilderModel {
  readonly form: UseFormReturn;
  readonly state: BuilderState;
  readonly body: QueryRequestBody;
  readonly problems: readonly BuilderProblem[];
  readonly problemsByPath: ReadonlyMap<string, BuilderProblem>;
  readonly blocking: readonly BuilderProblem[];
  /** Replaces the whole query (a pasted body, a starter query). */
  readonly load: (state: BuilderState) => void;
}

/** A query builder over react-hook-form, starting from `initial`. */
export function useQueryBuilder(initial: BuilderState): QueryBuilderModel {
  const form = useForm({
    defaultValues: initial as unknown as FieldValues,
    resolver: resolveBuilder,
  });
  const watched = useWatch({ control: form.control }) as Partial<BuilderState>;
  // The filter tree's field array writes `filter: []` into the form as it mounts. A query loaded
  // without a filter keeps sending none while it holds no conditions, so it round-trips exactly.
  const [filterAbsent, setFilterAbsent] = useState(initial.filter === undefined);
  return useMemo(() => {
    // react-hook-form drops keys whose value is undefined; an absent key means "not set", never
    // "as it started" (a pasted body without order_by must lose the old order_by).
    const state: BuilderState = {
      module: initial.module,
      countOnly: watched.countOnly,
      hasFilters: watched.hasFilters ?? false,
      fields: watched.fields,
      filter: filterAbsent && watched.filter?.length === 0 ? undefined : watched.filter,
      orderBy: watched.orderBy,
      maxNum: watched.maxNum,
      offset: watched.offset,
      extraFilters: watched.extraFilters ?? {},
      extraBody: watched.extraBody ?? {},
    };
    const problems = builderProblems(state);
    return {
      form,
      state,
      body: bodyFromState(state),
      problems,
      problemsByPath: new Map(problems.map((problem) => [problem.path, problem])),
      blocking: problems.filter((problem) => problem.blocking),
      load: (next: BuilderState) => {
        setFilterAbsent(next.filter === undefined);
        form.reset(next);
      },
    };
  }, [form, initial, watched, filterAbsent]);
}
