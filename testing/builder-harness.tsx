import { screen, waitFor, within } from '@testing-library/react';
import { MantineContext, useMantineContext } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import type { ModuleId } from '#contract/catalog';
import type { Operator } from '#contract/operators';
import { CopyBodyButtons, JsonPanel } from '../src/features/builder/json-panel.tsx';
import { stateFromBody } from '../src/features/builder/wire.ts';
import { QueryBuilder } from '../src/features/builder/query-builder.tsx';
import { QueryChips } from '../src/features/builder/query-chips.tsx';
import { BlockingProblems, QuerySummary } from '../src/features/builder/query-summary.tsx';
import { useQueryBuilder } from '../src/features/builder/use-query-builder.ts';
import type { BuilderState } from '../src/features/builder/model.ts';
import { renderWithProviders } from './render.tsx';

/** A `filters.filter` element as written on the wire. */
export type WireNode = Record<string, unknown>;

/** `{ [field]: { [operator]: value } }`. */
export function cond(field: string, operator: Operator, value: unknown): WireNode {
  return { [field]: { [operator]: value } };
}

/** `{ $and: [...] }`. */
export function and(...children: WireNode[]): WireNode {
  return { $and: children };
}

/** `{ $or: [...] }`. */
export function or(...children: WireNode[]): WireNode {
  return { $or: children };
}

/** A query body of `module` with these top-level conditions (and optional extra `filters` keys). */
export function bodyOf(
  module: ModuleId,
  filter: WireNode[],
  filters: Record<string, unknown> = {},
): Record<string, unknown> {
  return { module, filters: { filter, ...filters } };
}

/**
 * Mantine's documented test mode (`env="test"`: no transitions, no portals, no floating-ui
 * "reference hidden" check, which jsdom's zero-size layout would always trip), keeping the app's
 * theme from `UiProvider` above it.
 */
function MantineTestEnv({ children }: { children: ReactNode }) {
  const context = useMantineContext();
  return <MantineContext value={{ ...context, env: 'test' }}>{children}</MantineContext>;
}

function Harness({
  initial,
  upstream,
  collapsed: startCollapsed,
}: {
  initial: BuilderState;
  upstream: boolean;
  collapsed: boolean;
}) {
  const builder = useQueryBuilder(initial);
  // As in the workspace: collapsed, the builder is not mounted and the chips stand for it.
  const [collapsed, setCollapsed] = useState(startCollapsed);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setCollapsed(!collapsed);
        }}
      >
        {collapsed ? 'Edit query' : 'Hide query'}
      </button>
      {collapsed ? (
        <QueryChips
          builder={builder}
          onEdit={() => {
            setCollapsed(false);
          }}
        />
      ) : (
        <section aria-label="Query builder">
          <QueryBuilder builder={builder} upstream={upstream} />
        </section>
      )}
      <section aria-label="Request body">
        <CopyBodyButtons builder={builder} />
        <JsonPanel builder={builder} />
      </section>
      <QuerySummary builder={builder} />
      <BlockingProblems builder={builder} />
      <output data-testid="sent-body" hidden>
        {JSON.stringify(builder.body)}
      </output>
    </>
  );
}

/**
 * Renders the builder as the workspace page does (builder, JSON panel, summary, blocking
 * problems) starting from `body`, and returns ways to read what the analyst sees and what
 * the builder would send.
 */
export function setupBuilder(
  body: Record<string, unknown>,
  options: {
    /** The vendor's service answers (upstream mode). */
    readonly upstream?: boolean;
    /** Start with the query collapsed to chips, as after a run. */
    readonly collapsed?: boolean;
  } = {},
) {
  const read = stateFromBody(body);
  if (!read.ok) throw new Error(`setupBuilder: ${read.message}`);
  const view = renderWithProviders(
    <MantineTestEnv>
      <Harness
        initial={read.state}
        upstream={options.upstream ?? false}
        collapsed={options.collapsed ?? false}
      />
    </MantineTestEnv>,
    // Mantine's test env has no transitions, so the user-event session need not wait between keys.
    { userDelay: null },
  );
  const builderRegion = () => screen.getByRole('region', { name: 'Query builder' });
  const filters = () => within(builderRegion()).getByRole('group', { name: 'Filters' });
  return {
    ...view,
    /** The body the builder would send now. */
    sent: (): Record<string, unknown> =>
      JSON.parse(screen.getByTestId('sent-body').textContent) as Record<string, unknown>,
    /** `filters.filter` of the body the builder would send now. */
    sentFilter: (): unknown => {
      const parsed = JSON.parse(screen.getByTestId('sent-body').textContent) as {
        filters?: { filter?: unknown };
      };
      return parsed.filters?.filter;
    },
    builderRegion,
    /** The top-level filter list ("Records matching all of these"). */
    filters,
    /** The condition row numbered `number`: "2", or "3.1" for the first inside group 3. */
    row: (number: string | number) =>
      within(filters()).getByRole('group', { name: `Condition ${String(number)}` }),
    /** The group numbered `number`: "3", or "3.2" for a group inside group 3. */
    group: (number: string | number) =>
      within(filters()).getByRole('group', { name: `Group ${String(number)}` }),
    /** The "Add condition" or "Add group" button of a group, or of the top level when omitted. */
    addButton: (name: 'Add condition' | 'Add group', group?: string | number) => {
      const buttons = within(
        group === undefined
          ? filters()
          : within(filters()).getByRole('group', { name: `Group ${String(group)}` }),
      ).getAllByRole('button', { name });
      // A group's own button comes after those of the groups nested in it.
      return buttons[buttons.length - 1] as HTMLElement;
    },
    /** The summary sentence. */
    summary: () => screen.getByLabelText('Query in words').textContent,
    /** The items of "Why the query cannot run", or [] when the list is absent. */
    blockingItems: () => {
      const list = screen.queryByRole('list', { name: 'Why the query cannot run' });
      return list
        ? within(list)
            .getAllByRole('listitem')
            .map((item) => item.textContent)
        : [];
    },
    /** The request body textarea of the JSON panel. */
    jsonBox: () => screen.getByRole('textbox', { name: 'Request body (JSON)' }),
  };
}

export type BuilderHarness = ReturnType<typeof setupBuilder>;

/** The listbox the combobox labelled `label` in `scope` controls, once it is open. */
export async function listboxOf(scope: HTMLElement, label: string): Promise<HTMLElement> {
  const combobox = within(scope).getByRole('combobox', { name: label });
  return waitFor(() => {
    const id = combobox.getAttribute('aria-controls');
    const listbox = id === null ? null : document.getElementById(id);
    expect(listbox).toBeVisible();
    return listbox as HTMLElement;
  });
}

/** The option `name` of the open listbox of the combobox labelled `label` in `scope`. */
async function optionOf(scope: HTMLElement, label: string, name: string | RegExp) {
  return within(await listboxOf(scope, label)).getByRole('option', { name });
}

/** Picks `option` from the Mantine Select (or Combobox) labelled `label` inside `scope`. */
export async function choose(
  view: Pick<BuilderHarness, 'user'>,
  scope: HTMLElement,
  label: string,
  option: string | RegExp,
) {
  const picker = within(scope).getByRole('combobox', { name: label });
  // A picker that has the focus is open already (a new row's field picker): a click would close it.
  if (picker.getAttribute('aria-expanded') !== 'true') await view.user.click(picker);
  await view.user.click(await optionOf(scope, label, option));
}

/** Opens the row menu "More actions for <noun>" in `scope` and clicks `item`. */
export async function rowAction(
  view: Pick<BuilderHarness, 'user'>,
  scope: HTMLElement,
  noun: string,
  item: 'Duplicate' | 'Wrap in a group' | 'Move up' | 'Move down' | 'Remove',
) {
  await view.user.click(
    within(scope).getAllByRole('button', { name: `More actions for ${noun}` })[0] as HTMLElement,
  );
  const menu = await screen.findByRole('menu');
  await view.user.click(within(menu).getByRole('menuitem', { name: item }));
}
