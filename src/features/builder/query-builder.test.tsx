import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  choose,
  cond,
  or,
  rowAction,
  setupBuilder,
} from '../../../testing/builder-harness.tsx';

const aapl = cond('ticker', '$equals', 'AAPL');

describe('validation messages, inline and under "Why the query cannot run"', () => {
  it('a missing value is listed at once and shown on the row once the analyst moves on', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [aapl]));
    expect(view.blockingItems()).toEqual([]);
    await view.user.click(view.addButton('Add condition'));
    expect(view.blockingItems()).toEqual(['Condition 2: Enter a value']);
    const row = view.row(2);
    expect(within(row).queryByText('Enter a value')).not.toBeInTheDocument();

    await view.user.click(within(row).getByRole('combobox', { name: 'Filer value' }));
    await view.user.tab();
    expect(within(row).getByText('Enter a value')).toBeVisible();

    await view.user.type(within(row).getByRole('combobox', { name: 'Filer value' }), 'Vanguard');
    expect(within(row).queryByText('Enter a value')).not.toBeInTheDocument();
    expect(view.blockingItems()).toEqual([]);
  });

  it('text in a number field: "is not a number"', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('value', '$gt', '')]));
    const input = within(view.row(1)).getByRole('textbox', { name: 'Value (USD) value' });
    await view.user.type(input, '1e');
    expect(within(view.row(1)).getByText('"1e" is not a number')).toBeVisible();
    expect(input).toHaveAccessibleDescription('"1e" is not a number');
    expect(view.blockingItems()).toEqual(['Condition 1: "1e" is not a number']);
    await view.user.type(input, '6');
    expect(view.blockingItems()).toEqual([]);
    expect(view.sentFilter()).toEqual([cond('value', '$gt', '1e6')]);
  });

  it('a value that is no date: "is not a date", with the forms the service reads', () => {
    const view = setupBuilder(
      bodyOf('13f_holdings', [cond('periodofreport', '$lte', '31/12/2024')]),
    );
    const message =
      '"31/12/2024" is not a date (use YYYY-MM-DD, YYYY-MM-DD hh:mm:ss or ISO 8601 with an offset)';
    expect(within(view.row(1)).getByText(message)).toBeVisible();
    expect(view.blockingItems()).toEqual([`Condition 1: ${message}`]);
    // The value is still what would be sent: the builder never rewrites it silently.
    expect(view.sentFilter()).toEqual([cond('periodofreport', '$lte', '31/12/2024')]);
  });

  it('a lower bound above the upper one is named on the range', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('value', '$between', ['100', '900'])]));
    const lower = within(view.row(1)).getByRole('textbox', { name: 'Value (USD) value, from' });
    await view.user.clear(lower);
    await view.user.type(lower, '1000');
    const message = 'The lower bound is after the upper bound';
    expect(within(view.row(1)).getByText(message)).toBeVisible();
    expect(view.blockingItems()).toEqual([`Condition 1: ${message}`]);
  });

  it('an emptied group asks to be filled or removed, and names the group', async () => {
    const view = setupBuilder(
      bodyOf('13f_holdings', [aapl, or(cond('ticker', '$equals', 'MSFT'))]),
    );
    await view.user.click(
      within(view.row('2.1')).getByRole('button', { name: 'Remove condition 2.1' }),
    );
    const message = 'This group is empty: add a condition or remove it';
    expect(within(view.group(2)).getByText(message)).toBeVisible();
    expect(view.blockingItems()).toEqual([`Group 2: ${message}`]);
    expect(view.sentFilter()).toEqual([aapl, { $or: [] }]);
  });

  it('problems in nested rows are listed with the row’s number', () => {
    const view = setupBuilder(bodyOf('13f_holdings', [or(aapl, cond('value', '$lt', 'ten'))]));
    expect(view.blockingItems()).toEqual(['Condition 1.2: "ten" is not a number']);
    expect(within(view.row('1.2')).getByText('"ten" is not a number')).toBeVisible();
  });
});

describe('a filter element the builder cannot edit', () => {
  const unknown = { shares_held: { $gt: 10 } };

  it('shows why it is kept as written, does not block, and is sent unchanged', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [unknown, aapl]));
    const raw = screen.getByRole('group', { name: 'Condition 1, kept as written' });
    expect(within(raw).getByText('Kept as written; the builder cannot edit it')).toBeVisible();
    expect(
      within(raw).getByText(
        'field "shares_held" is not in the catalog of 13F holdings. It is sent exactly as written:',
      ),
    ).toBeVisible();
    expect(within(raw).getByText('{"shares_held":{"$gt":10}}')).toBeVisible();
    expect(view.blockingItems()).toEqual([]);
    expect(view.summary()).toBe(
      '13F holdings where a condition the builder keeps as written and Ticker is AAPL',
    );

    // Editing the rows around it leaves it in place.
    await choose(view, view.row(2), 'Operator', 'contains');
    await view.user.click(view.addButton('Add condition'));
    expect(view.sentFilter()).toEqual([
      unknown,
      cond('ticker', '$contains', 'AAPL'),
      cond('companyname', '$equals', ''),
    ]);
  });

  it('can be moved and removed like any row', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [unknown, aapl]));
    const raw = () => screen.getByRole('group', { name: /kept as written$/ });
    await rowAction(view, raw(), 'condition 1', 'Move down');
    expect(view.sentFilter()).toEqual([aapl, unknown]);
    expect(raw()).toHaveAccessibleName('Condition 2, kept as written');
    await rowAction(view, raw(), 'condition 2', 'Remove');
    expect(view.sentFilter()).toEqual([aapl]);
  });
});

describe('the summary', () => {
  it('follows every change in words', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [aapl]));
    expect(view.summary()).toBe('13F holdings where Ticker is AAPL');

    await choose(view, view.row(1), 'Operator', 'contains');
    expect(view.summary()).toBe('13F holdings where Ticker contains "AAPL"');

    await view.user.click(view.addButton('Add group'));
    await choose(view, view.row('2.1'), 'Field', 'Period of report');
    await choose(view, view.row('2.1'), 'Operator', 'is in');
    expect(view.summary()).toBe(
      '13F holdings where Ticker contains "AAPL" and (Period of report in the last 30 days)',
    );

    await view.user.click(screen.getByRole('button', { name: 'Add sort key' }));
    await choose(view, view.builderRegion(), 'Sort key 1', 'Period of report');
    await view.user.click(screen.getByRole('radio', { name: 'Descending' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Rows (max_num)' }), '50');
    expect(view.summary()).toBe(
      '13F holdings where Ticker contains "AAPL" and (Period of report in the last 30 days), newest first, 50 rows',
    );

    await view.user.click(screen.getByRole('switch', { name: 'Count only (count_only)' }));
    expect(view.summary()).toMatch(/^Count of 13F holdings where /);
  });
});
