import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  and,
  bodyOf,
  cond,
  or,
  rowAction,
  setupBuilder,
} from '../../../testing/builder-harness.tsx';

const aapl = cond('ticker', '$equals', 'AAPL');
const big = cond('value', '$gt', '1000000');
const fresh = cond('companyname', '$equals', '');

function twoRows() {
  return setupBuilder(bodyOf('13f_holdings', [aapl, big]));
}

describe('adding conditions and groups', () => {
  it('adds a condition on the module’s first default field, empty, at the end of the top level', async () => {
    const view = twoRows();
    await view.user.click(view.addButton('Add condition'));
    const picker = within(view.row(3)).getByRole('combobox', { name: 'Field' });
    // Focused, the picker waits for a search; closed, it shows the field.
    await waitFor(() => {
      expect(picker).toHaveFocus();
    });
    await view.user.keyboard('{Escape}');
    expect(picker).toHaveValue('Filer');
    expect(view.sentFilter()).toEqual([aapl, big, fresh]);
  });

  it('puts the focus on the new row’s field picker, for a condition and for a group', async () => {
    const view = twoRows();
    await view.user.click(view.addButton('Add condition'));
    const added = within(view.row(3)).getByRole('combobox', { name: 'Field' });
    await waitFor(() => {
      expect(added).toHaveFocus();
    });
    // Its list is open for typing, and it is the list the input names.
    await view.user.keyboard('Tick{Enter}');
    expect(added).toHaveValue('Ticker');
    await view.user.click(view.addButton('Add group'));
    await waitFor(() => {
      expect(within(view.row('4.1')).getByRole('combobox', { name: 'Field' })).toHaveFocus();
    });
  });

  it('adds an OR group holding one condition, and its combinator can become AND', async () => {
    const view = twoRows();
    await view.user.click(view.addButton('Add group'));
    expect(view.sentFilter()).toEqual([aapl, big, or(fresh)]);
    const group = view.group(3);
    const match = within(group).getByRole('radiogroup', { name: 'Match' });
    expect(within(match).getByRole('radio', { name: 'Any of (OR)' })).toBeChecked();
    await view.user.click(within(match).getByRole('radio', { name: 'All of (AND)' }));
    expect(view.sentFilter()).toEqual([aapl, big, and(fresh)]);
  });

  it('nests three levels, alternating OR and AND, and a nested group turns to OR', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [aapl]));
    await view.user.click(view.addButton('Add group'));
    await view.user.click(view.addButton('Add group', '2'));
    await view.user.click(view.addButton('Add group', '2.2'));
    expect(view.group('2.2.2')).toBeVisible();
    expect(view.sentFilter()).toEqual([aapl, or(fresh, and(fresh, or(fresh)))]);

    // The innermost row is edited in place; the level-2 group becomes OR.
    await view.user.type(
      within(view.row('2.2.2.1')).getByRole('combobox', { name: 'Filer value' }),
      'Berkshire',
    );
    const match = within(view.group('2.2')).getAllByRole('radiogroup', { name: 'Match' })[0];
    await view.user.click(within(match as HTMLElement).getByRole('radio', { name: 'Any of (OR)' }));
    const berkshire = cond('companyname', '$equals', 'Berkshire');
    expect(view.sentFilter()).toEqual([aapl, or(fresh, or(fresh, or(berkshire)))]);
    expect(view.summary()).toBe(
      '13F holdings where Ticker is AAPL and (Filer is … or (Filer is … or (Filer is Berkshire)))',
    );
  });

  it('adds a condition inside a group, not at the top level', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [or(aapl)]));
    await view.user.click(view.addButton('Add condition', '1'));
    expect(view.row('1.2')).toBeVisible();
    expect(view.sentFilter()).toEqual([or(aapl, fresh)]);
  });
});

describe('row actions', () => {
  it('duplicates a condition right after itself', async () => {
    const view = twoRows();
    await rowAction(view, view.row(1), 'condition 1', 'Duplicate');
    expect(view.sentFilter()).toEqual([aapl, aapl, big]);
    // The copy is its own condition: editing it leaves the original alone.
    const copy = within(view.row(2)).getByRole('combobox', { name: 'Ticker value' });
    await view.user.clear(copy);
    await view.user.type(copy, 'MSFT');
    expect(view.sentFilter()).toEqual([aapl, cond('ticker', '$equals', 'MSFT'), big]);
  });

  it('wraps a condition in an AND group of its own', async () => {
    const view = twoRows();
    await rowAction(view, view.row(2), 'condition 2', 'Wrap in a group');
    expect(view.sentFilter()).toEqual([aapl, and(big)]);
    expect(within(view.row('2.1')).getByRole('textbox', { name: 'Value (USD) value' })).toHaveValue(
      '1000000',
    );
  });

  it('moves a condition down and back up; the ends cannot move further', async () => {
    const view = twoRows();
    await rowAction(view, view.row(1), 'condition 1', 'Move down');
    expect(view.sentFilter()).toEqual([big, aapl]);
    expect(within(view.row(2)).getByRole('combobox', { name: 'Ticker value' })).toHaveValue('AAPL');
    await rowAction(view, view.row(2), 'condition 2', 'Move up');
    expect(view.sentFilter()).toEqual([aapl, big]);

    await view.user.click(screen.getByRole('button', { name: 'More actions for condition 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Move up' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Move down' })).toBeEnabled();
  });

  it('moves a whole group, its children with it', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [or(aapl, big), fresh]));
    await rowAction(view, view.group(1), 'group 1', 'Move down');
    expect(view.sentFilter()).toEqual([fresh, or(aapl, big)]);
    expect(within(view.row('2.1')).getByRole('combobox', { name: 'Ticker value' })).toHaveValue(
      'AAPL',
    );
  });

  it('duplicates a group with everything in it', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [or(aapl, and(big))]));
    await rowAction(view, view.group(1), 'group 1', 'Duplicate');
    expect(view.sentFilter()).toEqual([or(aapl, and(big)), or(aapl, and(big))]);
  });

  it('removes a condition from the menu or with its own button', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [aapl, big, fresh]));
    await rowAction(view, view.row(2), 'condition 2', 'Remove');
    expect(view.sentFilter()).toEqual([aapl, fresh]);
    await view.user.click(within(view.row(1)).getByRole('button', { name: 'Remove condition 1' }));
    expect(view.sentFilter()).toEqual([fresh]);
    expect(within(view.row(1)).getByRole('combobox', { name: 'Field' })).toHaveValue('Filer');
  });

  it('removes a group with its conditions; no conditions means every record', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [or(aapl, big)]));
    await rowAction(view, view.group(1), 'group 1', 'Remove');
    expect(view.sentFilter()).toEqual([]);
    expect(within(view.filters()).getByText('No conditions: every record matches.')).toBeVisible();
    expect(view.summary()).toBe('13F holdings');
  });
});
