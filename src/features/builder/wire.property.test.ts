import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOG, MODULE_IDS } from '#contract/catalog';
import type { FieldKind, ModuleId } from '#contract/catalog';
import { DATE_RANGES, OPERATORS, OPERATORS_BY_KIND } from '#contract/operators';
import type { Operator } from '#contract/operators';
import { validateQuery } from '#contract/validate';
import type { BuilderState, ConditionValue, FilterNode, ScalarJson } from './model.ts';
import { valueKindOf } from './model.ts';
import { builderProblems } from './validation.ts';
import { bodyFromState, nodeFromWire, nodeToWire, stateFromBody } from './wire.ts';
import { stateWithoutIds, withoutIds } from '../../../testing/builder-ids.ts';

const RUNS = 400;

const day = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

function scalarFor(kind: FieldKind): fc.Arbitrary<ScalarJson> {
  switch (kind) {
    case 'number':
    case 'percent':
      return fc.oneof(fc.integer().map(String), fc.integer(), fc.constantFrom('-2.5', '1e6', ''));
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0'));
    case 'date':
      return fc.oneof(day, fc.constant(''));
    case 'datetime':
      return fc.oneof(
        day,
        day.map((d) => `${d} 10:30:00`),
        day.map((d) => `${d}T23:59:59-05:00`),
      );
    default:
      return fc.oneof(fc.string({ maxLength: 12 }), fc.integer());
  }
}

function valueFor(kind: FieldKind, operator: Operator): fc.Arbitrary<ConditionValue> {
  switch (valueKindOf(operator)) {
    case 'between':
      return fc
        .tuple(scalarFor(kind), scalarFor(kind))
        .map(([lower, upper]) => ({ kind: 'between', lower, upper }));
    case 'list':
      return fc
        .array(scalarFor(kind), { maxLength: 3 })
        .map((values) => ({ kind: 'list', values }));
    case 'range':
      return fc.constantFrom(...DATE_RANGES.map((range) => range.name)).map((range) => ({
        kind: 'range',
        range,
      }));
    case 'none':
      return fc.constantFrom<ConditionValue>({ kind: 'none', value: '' });
    case 'scalar':
      return scalarFor(kind).map((value) => ({ kind: 'scalar', value }));
  }
}

function conditionFor(module: ModuleId): fc.Arbitrary<FilterNode> {
  return fc.constantFrom(...CATALOG[module].fields).chain((field) =>
    fc.constantFrom(...OPERATORS_BY_KIND[field.kind]).chain((operator) =>
      valueFor(field.kind, operator).map((value): FilterNode => ({
        type: 'condition',
        id: 'generated',
        field: field.name,
        operator,
        value,
      })),
    ),
  );
}

function treeFor(module: ModuleId): fc.Arbitrary<FilterNode> {
  const { node } = fc.letrec<{ node: FilterNode; group: FilterNode }>((tie) => ({
    // Groups weigh more than conditions so that trees of depth 3 and 4 come up often.
    node: fc.oneof(
      { maxDepth: 4, depthSize: 'large', depthIdentifier: 'tree' },
      { arbitrary: conditionFor(module), weight: 1 },
      { arbitrary: tie('group'), weight: 2 },
    ),
    group: fc.record({
      type: fc.constant('group' as const),
      id: fc.constant('generated'),
      combinator: fc.constantFrom('$and' as const, '$or' as const),
      children: fc.array(tie('node'), { maxLength: 3, depthIdentifier: 'tree' }),
    }),
  }));
  return node;
}

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

function stateFor(module: ModuleId): fc.Arbitrary<BuilderState> {
  const names = CATALOG[module].fields.map((field) => field.name);
  return fc
    .record({
      module: fc.constant(module),
      countOnly: optional(fc.oneof(fc.boolean(), fc.constantFrom('1', '0'), fc.jsonValue())),
      hasFilters: fc.boolean(),
      fields: optional(fc.array(fc.constantFrom(...names), { maxLength: 4 })),
      filter: optional(fc.array(treeFor(module), { maxLength: 4 })),
      orderBy: optional(
        fc.oneof(
          fc.constantFrom(...names).map((name) => `${name}:DESC`),
          fc.constantFrom(...names).map((name) => `${name} asc`),
          fc.string({ maxLength: 10 }),
        ),
      ),
      maxNum: optional(fc.oneof(fc.constantFrom('-1', '10', '250'), fc.nat())),
      offset: optional(fc.oneof(fc.nat().map(String), fc.nat())),
      extraFilters: fc.dictionary(fc.constantFrom('cursor', 'hint'), fc.jsonValue(), {
        maxKeys: 2,
      }),
      extraBody: fc.dictionary(fc.constantFrom('trace', 'page'), fc.jsonValue(), { maxKeys: 2 }),
      junkFilters: optional(fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
    })
    .map(({ junkFilters, ...state }): BuilderState => {
      const { fields, filter, orderBy, maxNum, offset, extraFilters } = state;
      const parts = [fields, filter, orderBy, maxNum, offset].some((part) => part !== undefined);
      // A state whose filters parts are set always has filters, as any body read in does.
      const hasFilters = state.hasFilters || parts || Object.keys(extraFilters).length > 0;
      const extraBody =
        hasFilters || junkFilters === undefined
          ? state.extraBody
          : { ...state.extraBody, filters: junkFilters };
      return { ...state, hasFilters, extraBody };
    });
}

const anyState = fc.constantFrom(...MODULE_IDS).chain(stateFor);

function wireNodeFor(module: ModuleId): fc.Arbitrary<unknown> {
  const names = [...CATALOG[module].fields.map((field) => field.name), 'population'];
  const operators = [...OPERATORS, '$regex'];
  const { node } = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'wire' },
      fc.jsonValue({ maxDepth: 2 }),
      conditionFor(module).map(nodeToWire),
      fc
        .tuple(
          fc.constantFrom(...names),
          fc.constantFrom(...operators),
          fc.jsonValue({ maxDepth: 1 }),
        )
        .map(([field, operator, value]) => ({ [field]: { [operator]: value } })),
      fc
        .tuple(
          fc.constantFrom('$and', '$or'),
          fc.array(tie('node'), { maxLength: 3, depthIdentifier: 'wire' }),
        )
        .map(([key, children]) => ({ [key]: children })),
    ),
  }));
  return node;
}

function bodyFor(module: ModuleId): fc.Arbitrary<Record<string, unknown>> {
  const filters = fc.record(
    {
      fields: fc.oneof(fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), fc.jsonValue()),
      filter: fc.oneof(fc.array(wireNodeFor(module), { maxLength: 4 }), fc.jsonValue()),
      order_by: fc.oneof(fc.string({ maxLength: 12 }), fc.jsonValue()),
      max_num: fc.jsonValue(),
      offset: fc.jsonValue(),
      cursor: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );
  return fc
    .tuple(
      fc.record(
        { count_only: fc.jsonValue(), filters: fc.oneof(filters, fc.jsonValue()) },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }),
    )
    .map(([known, extras]) => ({ ...extras, ...known, module }));
}

describe('round-trip properties', () => {
  it('a builder state written as a body reads back as the same state', () => {
    fc.assert(
      fc.property(anyState, (state) => {
        const read = stateFromBody(bodyFromState(state));
        expect(read.ok && stateWithoutIds(read.state)).toEqual(stateWithoutIds(state));
      }),
      { numRuns: RUNS },
    );
  });

  it('any body with a valid module reads and writes back unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODULE_IDS).chain(bodyFor), (body) => {
        const result = stateFromBody(body);
        expect(result.ok).toBe(true);
        if (result.ok) expect(bodyFromState(result.state)).toEqual(body);
      }),
      { numRuns: RUNS },
    );
  });

  it('a filter element reads the same in any position of a group', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...MODULE_IDS)
          .chain((module) => fc.tuple(fc.constant(module), wireNodeFor(module))),
        ([module, json]) => {
          expect(withoutIds(nodeFromWire(module, { $and: [json] }))).toEqual({
            type: 'group',
            combinator: '$and',
            children: [withoutIds(nodeFromWire(module, json))],
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a state without blocking problems is a query the service accepts', () => {
    const plain = anyState.map((state) => ({ ...state, extraBody: {}, extraFilters: {} }));
    fc.assert(
      fc.property(plain, (state) => {
        const blocking = builderProblems(state).filter((problem) => problem.blocking);
        // About a quarter of random states are clean; the rest must have been refused above.
        if (blocking.length === 0) {
          expect(validateQuery(bodyFromState(state))).toMatchObject({ ok: true });
        }
      }),
      { numRuns: RUNS },
    );
  });
});
