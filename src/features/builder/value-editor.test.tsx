import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  choose,
  cond,
  listboxOf,
  setupBuilder,
} from '../../../testing/builder-harness.tsx';
import { localOffset } from './datetime-text.ts';

const empty13f = { module: '13f_holdings' };

describe('value editors, by field kind and operator', () => {
  it('text $equals: the typed value is sent as a string', async () => {
    const view = setupBuilder(empty13f);
    await view.user.click(screen.getByRole('button', { name: 'Add condition' }));
    const row = view.row(1);
    await choose(view, row, 'Field', 'Ticker');
    expect(within(row).getByRole('combobox', { name: 'Operator' })).toHaveValue('equals');
    await view.user.type(within(row).getByRole('combobox', { name: 'Ticker value' }), 'AAPL');
    expect(view.sentFilter()).toEqual([cond('ticker', '$equals', 'AAPL')]);
  });

  it('number $gt: the digits travel as a numeric string', async () => {
    const view = setupBuilder(empty13f);
    await view.user.click(screen.getByRole('button', { name: 'Add condition' }));
    const row = view.row(1);
    // The field picker takes a typed search and Enter, as an analyst at the keyboard would.
    await view.user.click(within(row).getByRole('combobox', { name: 'Field' }));
    await view.user.keyboard('Value (USD){Enter}');
    await choose(view, row, 'Operator', 'is greater than');
    await view.user.type(
      within(row).getByRole('textbox', { name: 'Value (USD) value' }),
      '1000000',
    );
    expect(view.sentFilter()).toEqual([cond('value', '$gt', '1000000')]);
  });

  it('percent $between: two inputs give [lower, upper] as strings', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('portfolio_pct_weight', '$gte', '')]));
    const row = view.row(1);
    await choose(view, row, 'Operator', 'is between');
    await view.user.type(
      within(row).getByRole('textbox', { name: 'Portfolio weight value, from' }),
      '1.5',
    );
    await view.user.type(
      within(row).getByRole('textbox', { name: 'Portfolio weight value, to' }),
      '10',
    );
    expect(view.sentFilter()).toEqual([cond('portfolio_pct_weight', '$between', ['1.5', '10'])]);
  });

  it('date $between: typed days are sent as YYYY-MM-DD and stay shown after leaving the input', async () => {
    const view = setupBuilder(
      bodyOf('13f_holdings', [cond('periodofreport', '$between', ['', ''])]),
    );
    const row = view.row(1);
    const from = within(row).getByRole('textbox', { name: 'Period of report value, from' });
    const to = within(row).getByRole('textbox', { name: 'Period of report value, to' });
    await view.user.type(from, '2024-01-01');
    await view.user.tab();
    await view.user.type(to, '2024-03-31');
    await view.user.tab();
    expect(from).toHaveValue('2024-01-01');
    expect(to).toHaveValue('2024-03-31');
    expect(view.sentFilter()).toEqual([
      cond('periodofreport', '$between', ['2024-01-01', '2024-03-31']),
    ]);
  });

  it('date: text that is no day is not sent, but kept in the field with a message to fix it', async () => {
    const view = setupBuilder(
      bodyOf('investment_holdings', [cond('date_acquired__c', '$lt', '2024-06-30')]),
    );
    const row = view.row(1);
    const input = within(row).getByRole('textbox', { name: 'Date acquired value' });
    await view.user.clear(input);
    await view.user.type(input, 'next week');
    await view.user.tab();
    expect(input).toHaveValue('next week');
    expect(input).toHaveAccessibleDescription('Not a date: type it as YYYY-MM-DD');
    expect(view.sentFilter()).toEqual([cond('date_acquired__c', '$lt', '')]);
    // Fixed, the day is sent and the message goes.
    await view.user.clear(input);
    await view.user.type(input, '2024-07-01');
    expect(view.sentFilter()).toEqual([cond('date_acquired__c', '$lt', '2024-07-01')]);
    await view.user.tab();
    expect(input).not.toHaveAccessibleDescription(/Not a date/);
  });

  it('date: no message while typing; a day not on the calendar gets one on leaving', async () => {
    const view = setupBuilder(bodyOf('investment_holdings', [cond('date_acquired__c', '$gt', '')]));
    const row = view.row(1);
    const input = within(row).getByRole('textbox', { name: 'Date acquired value' });
    await view.user.type(input, '2025-02-29');
    expect(input).not.toHaveAccessibleDescription(/Not a date/);
    await view.user.tab();
    expect(input).toHaveAccessibleDescription('Not a date: type it as YYYY-MM-DD');
    expect(view.sentFilter()).toEqual([cond('date_acquired__c', '$gt', '')]);
  });

  it('date: a day typed without leading zeros is sent, and shown, as YYYY-MM-DD', async () => {
    const view = setupBuilder(bodyOf('investment_holdings', [cond('date_acquired__c', '$gt', '')]));
    const input = within(view.row(1)).getByRole('textbox', { name: 'Date acquired value' });
    await view.user.type(input, '2025-1-5');
    expect(view.sentFilter()).toEqual([cond('date_acquired__c', '$gt', '2025-01-05')]);
    await view.user.tab();
    expect(input).toHaveValue('2025-01-05');
  });

  it('date: the labelled clear button empties the value', async () => {
    const view = setupBuilder(
      bodyOf('investment_holdings', [cond('date_acquired__c', '$gte', '2024-01-01')]),
    );
    const row = view.row(1);
    await view.user.click(within(row).getByRole('button', { name: 'Clear Date acquired value' }));
    expect(within(row).getByRole('textbox', { name: 'Date acquired value' })).toHaveValue('');
    expect(view.sentFilter()).toEqual([cond('date_acquired__c', '$gte', '')]);
  });

  it('SQL datetime (Filed at): the typed wall time is sent as YYYY-MM-DD HH:mm:ss', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('filedat', '$gte', '')]));
    const input = within(view.row(1)).getByRole('textbox', { name: 'Filed at value' });
    await view.user.type(input, '2024-02-14 16:05:09');
    await view.user.tab();
    expect(input).toHaveValue('2024-02-14 16:05:09');
    expect(view.sentFilter()).toEqual([cond('filedat', '$gte', '2024-02-14 16:05:09')]);
  });

  it('datetime $between: a bare end day stays a day, the whole of it, as the service reads it', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('filedat', '$between', ['', ''])]));
    const row = view.row(1);
    const from = within(row).getByRole('textbox', { name: 'Filed at value, from' });
    const to = within(row).getByRole('textbox', { name: 'Filed at value, to' });
    await view.user.type(from, '2024-01-01');
    await view.user.tab();
    await view.user.type(to, '2024-12-31');
    await view.user.tab();
    expect(to).toHaveValue('2024-12-31');
    expect(within(row).getByText('The whole day, through 23:59:59')).toBeVisible();
    expect(view.sentFilter()).toEqual([
      cond('filedat', '$between', ['2024-01-01 00:00:00', '2024-12-31']),
    ]);
    // A time typed at the end is kept as typed.
    await view.user.clear(to);
    await view.user.type(to, '2024-12-31 12:30:00');
    await view.user.tab();
    expect(view.sentFilter()).toEqual([
      cond('filedat', '$between', ['2024-01-01 00:00:00', '2024-12-31 12:30:00']),
    ]);
    expect(within(row).queryByText('The whole day, through 23:59:59')).toBeNull();
  });

  it('SQL datetime: a time that is no time of day is not sent, and says so on leaving', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('filedat', '$gte', '')]));
    const row = view.row(1);
    const input = within(row).getByRole('textbox', { name: 'Filed at value' });
    await view.user.type(input, '2024-02-14 25:00:00');
    await view.user.tab();
    expect(input).toHaveValue('2024-02-14 25:00:00');
    expect(input).toHaveAccessibleDescription('Not a date-time: type it as YYYY-MM-DD HH:mm:ss');
    expect(view.sentFilter()).toEqual([cond('filedat', '$gte', '')]);
  });

  it('datetime: the labelled clear button empties the value', async () => {
    const view = setupBuilder(
      bodyOf('investment_holdings', [cond('lastmodifieddate', '$lt', '2024-03-01T10:00:00+05:30')]),
    );
    const row = view.row(1);
    await view.user.click(within(row).getByRole('button', { name: 'Clear Last modified value' }));
    expect(within(row).getByRole('textbox', { name: 'Last modified value' })).toHaveValue('');
    expect(view.sentFilter()).toEqual([cond('lastmodifieddate', '$lt', '')]);
  });

  it('ISO datetime (Last modified): an edited wall time keeps the offset it arrived with', async () => {
    const view = setupBuilder(
      bodyOf('investment_holdings', [cond('lastmodifieddate', '$lt', '2024-03-01T10:00:00+05:30')]),
    );
    const row = view.row(1);
    const input = within(row).getByRole('textbox', { name: 'Last modified value' });
    expect(input).toHaveValue('2024-03-01 10:00:00');
    expect(within(row).getByText('+05:30')).toBeVisible();
    // Typing over the selected text, as an analyst replacing the value does.
    await view.user.type(input, '2024-06-30 18:30:00', {
      initialSelectionStart: 0,
      initialSelectionEnd: input.getAttribute('value')?.length ?? 0,
    });
    await view.user.tab();
    expect(input).toHaveValue('2024-06-30 18:30:00');
    expect(view.sentFilter()).toEqual([
      cond('lastmodifieddate', '$lt', '2024-06-30T18:30:00+05:30'),
    ]);
  });

  it('ISO datetime: a new value gets the viewer’s offset, so the service reads an instant', async () => {
    const view = setupBuilder(bodyOf('investment_holdings', [cond('lastmodifieddate', '$gt', '')]));
    const input = within(view.row(1)).getByRole('textbox', { name: 'Last modified value' });
    await view.user.type(input, '2024-06-30 18:30:00');
    const offset = localOffset('2024-06-30 18:30:00');
    expect(view.sentFilter()).toEqual([
      cond('lastmodifieddate', '$gt', `2024-06-30T18:30:00${offset}`),
    ]);
  });

  it('boolean (Job change): a yes/no select sending JSON true and false', async () => {
    const view = setupBuilder({ module: 'updates' });
    await view.user.click(screen.getByRole('button', { name: 'Add condition' }));
    const row = view.row(1);
    await choose(view, row, 'Field', 'Job change');
    expect(within(row).getByRole('combobox', { name: 'Job change value' })).toHaveValue(
      'Yes (true)',
    );
    expect(view.sentFilter()).toEqual([cond('job_change__c', '$equals', true)]);
    await choose(view, row, 'Job change value', 'No (false)');
    expect(view.sentFilter()).toEqual([cond('job_change__c', '$equals', false)]);
  });

  it('$dateRange: a select of named ranges, the documented one first, ours marked', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('filedat', '$gte', '')]));
    const row = view.row(1);
    await choose(view, row, 'Operator', 'is in');
    expect(view.sentFilter()).toEqual([cond('filedat', '$dateRange', 'last_30_days')]);
    await view.user.click(within(row).getByRole('combobox', { name: 'Filed at value' }));
    const options = within(await listboxOf(row, 'Filed at value')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Last 30 days',
      'Today (dashboard extension)',
      'Yesterday (dashboard extension)',
      'Last 7 days (dashboard extension)',
      'This month (dashboard extension)',
      'Last month (dashboard extension)',
      'This year (dashboard extension)',
      'Last year (dashboard extension)',
    ]);
    await view.user.click(options[3] as HTMLElement);
    expect(view.sentFilter()).toEqual([cond('filedat', '$dateRange', 'last_7_days')]);
  });

  it('$not_null: no value editor, and "" is sent', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('cusip', '$equals', '037833100')]));
    const row = view.row(1);
    await choose(view, row, 'Operator', 'has a value');
    expect(within(row).queryByRole('textbox', { name: 'CUSIP value' })).not.toBeInTheDocument();
    expect(view.sentFilter()).toEqual([cond('cusip', '$not_null', '')]);
  });
});

describe('changing field or operator', () => {
  it('a text $contains moved to a number field starts afresh at $equals with no value', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('ticker', '$contains', 'AA')]));
    const row = view.row(1);
    await choose(view, row, 'Field', 'Value (USD)');
    expect(within(row).getByRole('combobox', { name: 'Operator' })).toHaveValue('equals');
    expect(within(row).getByRole('textbox', { name: 'Value (USD) value' })).toHaveValue('');
    expect(view.sentFilter()).toEqual([cond('value', '$equals', '')]);
  });

  it('a number moved to a percent field keeps operator and value', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('value', '$gt', '25')]));
    await choose(view, view.row(1), 'Field', 'Portfolio weight');
    expect(view.sentFilter()).toEqual([cond('portfolio_pct_weight', '$gt', '25')]);
  });

  it('text that is no date is dropped when the field becomes a date', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('ticker', '$equals', 'AAPL')]));
    await choose(view, view.row(1), 'Field', 'Period of report');
    expect(view.sentFilter()).toEqual([cond('periodofreport', '$equals', '')]);
  });

  it('a date range moved to a boolean field becomes "Job change is yes"', async () => {
    const view = setupBuilder(bodyOf('updates', [cond('createddate', '$dateRange', 'today')]));
    await choose(view, view.row(1), 'Field', 'Job change');
    expect(view.sentFilter()).toEqual([cond('job_change__c', '$equals', true)]);
  });

  it('$between → a single comparison keeps the lower bound, and back again', async () => {
    const view = setupBuilder(bodyOf('13f_holdings', [cond('value', '$between', ['100', '900'])]));
    const row = view.row(1);
    await choose(view, row, 'Operator', 'is at least');
    expect(within(row).getByRole('textbox', { name: 'Value (USD) value' })).toHaveValue('100');
    expect(view.sentFilter()).toEqual([cond('value', '$gte', '100')]);
    await choose(view, row, 'Operator', 'is between');
    expect(view.sentFilter()).toEqual([cond('value', '$between', ['100', ''])]);
  });
});
