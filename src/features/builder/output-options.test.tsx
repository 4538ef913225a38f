import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '#contract/catalog';
import { QUERY_LIMITS } from '#contract/query';
import { choose, setupBuilder } from '../../../testing/builder-harness.tsx';

function sentFilters(view: ReturnType<typeof setupBuilder>) {
  return (view.sent() as { filters?: Record<string, unknown> }).filters ?? {};
}

/** The column order as the "Column order…" popover lists it (opened when it is not). */
async function columnOrder(view: ReturnType<typeof setupBuilder>) {
  if (!screen.queryByRole('list', { name: 'Column order' })) {
    await view.user.click(screen.getByRole('button', { name: 'Column order…' }));
  }
  const list = screen.getByRole('list', { name: 'Column order' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent.replace(/[↑↓]/g, ''));
}

describe('fields to return', () => {
  it('picks fields, reorders them, and sends filters.fields in that order', async () => {
    const view = setupBuilder({ module: '13f_holdings' });
    expect(screen.getByText('None chosen: the module’s default fields.')).toBeVisible();
    await choose(view, view.builderRegion(), 'Fields to return', 'Ticker');
    await choose(view, view.builderRegion(), 'Fields to return', 'Value (USD)');
    expect(sentFilters(view).fields).toEqual(['ticker', 'value']);
    expect(await columnOrder(view)).toEqual(['1.Ticker', '2.Value (USD)']);

    expect(screen.getByRole('button', { name: 'Move Value (USD) later' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Move Value (USD) earlier' }));
    expect(await columnOrder(view)).toEqual(['1.Value (USD)', '2.Ticker']);
    expect(sentFilters(view).fields).toEqual(['value', 'ticker']);
    await view.user.click(screen.getByRole('button', { name: 'Move Value (USD) later' }));
    expect(sentFilters(view).fields).toEqual(['ticker', 'value']);
  });

  it('offers the embedded service’s own fields, and upstream only those a pasted query names', async () => {
    const optionsOf = async (view: ReturnType<typeof setupBuilder>) => {
      await view.user.click(screen.getByRole('combobox', { name: 'Fields to return' }));
      return screen.getAllByRole('option').map((option) => option.textContent);
    };
    const embedded = setupBuilder({ module: '13f_holdings' });
    expect(await optionsOf(embedded)).toEqual(expect.arrayContaining(['Put/Call', 'Filer CIK']));
    embedded.unmount();
    const upstream = setupBuilder(
      { module: '13f_holdings', filters: { fields: ['ticker', 'cik'] } },
      { upstream: true },
    );
    const offered = await optionsOf(upstream);
    expect(offered).toContain('Filer CIK');
    expect(offered).toContain('Ticker');
    expect(offered).not.toContain('Put/Call');
    expect(offered).not.toContain('Accession');
  });

  it('"Start from the defaults" fills in the module’s default fields', async () => {
    const view = setupBuilder({ module: 'updates' });
    await view.user.click(screen.getByRole('button', { name: 'Start from the defaults' }));
    expect(sentFilters(view).fields).toEqual(CATALOG.updates.defaultFields);
    expect((await columnOrder(view))[0]).toBe('1.Record ID');
  });

  it('removing every field sends no filters.fields, so the defaults apply', async () => {
    const view = setupBuilder({ module: '13f_holdings', filters: { fields: ['ticker'] } });
    await view.user.click(screen.getByRole('combobox', { name: 'Fields to return' }));
    await view.user.keyboard('{Backspace}');
    expect(sentFilters(view)).not.toHaveProperty('fields');
    expect(screen.queryByRole('button', { name: 'Column order…' })).not.toBeInTheDocument();
    expect(screen.getByText('None chosen: the module’s default fields.')).toBeVisible();
  });
});

describe('order by', () => {
  it('adds sort keys, sets their direction and writes field:DIR', async () => {
    const view = setupBuilder({ module: '13f_holdings' });
    await view.user.click(screen.getByRole('button', { name: 'Add sort key' }));
    expect(sentFilters(view).order_by).toBe('companyname:ASC');
    await choose(view, view.builderRegion(), 'Sort key 1', 'Value (USD)');
    await view.user.click(
      within(screen.getByRole('radiogroup', { name: 'Direction of sort key 1' })).getByRole(
        'radio',
        { name: 'Descending' },
      ),
    );
    expect(sentFilters(view).order_by).toBe('value:DESC');
    await view.user.click(screen.getByRole('button', { name: 'Add sort key' }));
    expect(sentFilters(view).order_by).toBe('value:DESC,companyname:ASC');
    expect(view.summary()).toBe('13F holdings, Value (USD) descending then Filer ascending');
  });

  it('offers one sort key when the service is the vendor’s, and says why', async () => {
    const view = setupBuilder({ module: '13f_holdings' }, { upstream: true });
    await view.user.click(screen.getByRole('button', { name: 'Add sort key' }));
    expect(sentFilters(view).order_by).toBe('companyname:ASC');
    expect(screen.queryByRole('button', { name: 'Add sort key' })).toBeNull();
    expect(screen.getByText(/The service sorts by one key/)).toBeVisible();
  });

  it('marks the keys after the first as not for the vendor’s service', () => {
    setupBuilder(
      { module: '13f_holdings', filters: { order_by: 'value:DESC,ticker:ASC' } },
      { upstream: true },
    );
    expect(screen.getByText(/The service sorts by one key: remove sort key 2/)).toBeVisible();
  });

  it('removes sort keys; with none left there is no order_by', async () => {
    const view = setupBuilder({
      module: '13f_holdings',
      filters: { order_by: 'value:DESC,ticker:ASC' },
    });
    await view.user.click(screen.getByRole('button', { name: 'Remove sort key 1' }));
    expect(sentFilters(view).order_by).toBe('ticker:ASC');
    expect(screen.getByRole('combobox', { name: 'Sort key 1' })).toHaveValue('Ticker');
    await view.user.click(screen.getByRole('button', { name: 'Remove sort key 1' }));
    expect(sentFilters(view)).not.toHaveProperty('order_by');
    expect(screen.queryByRole('combobox', { name: 'Sort key 1' })).not.toBeInTheDocument();
  });

  it('adds a field not sorted on yet, and no more keys than the service allows', async () => {
    const view = setupBuilder({ module: '13f_holdings' });
    const add = screen.getByRole('button', { name: 'Add sort key' });
    for (let i = 0; i < QUERY_LIMITS.maxOrderKeys; i += 1) await view.user.click(add);
    const defaults = CATALOG['13f_holdings'].defaultFields.slice(0, QUERY_LIMITS.maxOrderKeys);
    expect(sentFilters(view).order_by).toBe(defaults.map((name) => `${name}:ASC`).join(','));
    expect(add).toBeDisabled();
    expect(
      screen.getByText(`At most ${String(QUERY_LIMITS.maxOrderKeys)} sort keys`),
    ).toBeVisible();
  });

  it('names a field chosen for two sort keys and blocks the query', async () => {
    const view = setupBuilder({
      module: '13f_holdings',
      filters: { order_by: 'value:DESC,ticker:ASC' },
    });
    await choose(view, view.builderRegion(), 'Sort key 2', 'Value (USD)');
    expect(view.blockingItems()).toEqual([
      expect.stringContaining('"value" more than once') as string,
    ]);
  });

  it('keeps a loose order_by as written until it is edited', async () => {
    const view = setupBuilder({ module: '13f_holdings', filters: { order_by: 'value desc' } });
    const direction = screen.getByRole('radiogroup', { name: 'Direction of sort key 1' });
    expect(within(direction).getByRole('radio', { name: 'Descending' })).toBeChecked();
    expect(sentFilters(view).order_by).toBe('value desc');
    await view.user.click(within(direction).getByRole('radio', { name: 'Ascending' }));
    expect(sentFilters(view).order_by).toBe('value:ASC');
  });
});

describe('rows, offset and count only', () => {
  it('max_num and offset travel as typed; clearing them removes them', async () => {
    const view = setupBuilder({ module: '13f_holdings' });
    const rows = screen.getByRole('textbox', { name: 'Rows (max_num)' });
    const skip = screen.getByRole('textbox', { name: 'Skip (offset)' });
    await view.user.type(rows, '100');
    await view.user.type(skip, '20');
    expect(sentFilters(view)).toEqual({ max_num: '100', offset: '20' });
    expect(view.summary()).toBe('13F holdings, 100 rows, skipping 20');
    await view.user.clear(rows);
    await view.user.clear(skip);
    // Back to the body it started from: nothing was asked of filters.
    expect(view.sent()).toEqual({ module: '13f_holdings' });
  });

  it('a limit loaded with the query can be cleared, in the input and the body', async () => {
    const view = setupBuilder({ module: '13f_holdings', filters: { max_num: 100, offset: '40' } });
    const rows = screen.getByRole('textbox', { name: 'Rows (max_num)' });
    expect(rows).toHaveValue('100');
    await view.user.clear(rows);
    expect(rows).toHaveValue('');
    expect(sentFilters(view)).toEqual({ offset: '40' });
  });

  it('a row limit that is no whole number is named and blocks the query', async () => {
    const view = setupBuilder({ module: '13f_holdings' });
    await view.user.type(screen.getByRole('textbox', { name: 'Rows (max_num)' }), '10.5');
    const message = 'Enter a whole number of rows, or -1 for all rows';
    expect(screen.getByRole('textbox', { name: 'Rows (max_num)' })).toHaveAccessibleDescription(
      expect.stringContaining(message) as string,
    );
    expect(view.blockingItems()).toEqual([`Rows (max_num): ${message}`]);
  });

  it('the count only switch sends count_only true, and nothing once off', async () => {
    const view = setupBuilder({ module: '13f_holdings', count_only: '1' });
    const counting = screen.getByRole('switch', { name: 'Count only (count_only)' });
    expect(counting).toBeChecked();
    await view.user.click(counting);
    expect(counting).not.toBeChecked();
    expect(view.sent()).toEqual({ module: '13f_holdings' });
    await view.user.click(counting);
    expect(counting).toBeChecked();
    expect(view.sent()).toEqual({ module: '13f_holdings', count_only: true });
    expect(view.summary()).toBe('Count of 13F holdings');
  });
});
