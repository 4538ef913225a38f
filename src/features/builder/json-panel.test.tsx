import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, cond, or, setupBuilder } from '../../../testing/builder-harness.tsx';
import type { BuilderHarness } from '../../../testing/builder-harness.tsx';
import { session } from '../../lib/api/services.ts';
import { curlCommand } from './curl.ts';

const start = bodyOf('13f_holdings', [cond('ticker', '$equals', 'AAPL')]);

/** Replaces the panel's text as a paste over the selected text would. */
async function pasteBody(view: BuilderHarness, text: string) {
  await view.user.click(view.jsonBox());
  await view.user.keyboard('{Control>}a{/Control}');
  await view.user.paste(text);
}

afterEach(() => {
  session.signOut();
});

describe('the JSON panel', () => {
  it('shows the body the builder sends, and follows builder edits at once', async () => {
    const view = setupBuilder(start);
    expect(JSON.parse((view.jsonBox() as HTMLTextAreaElement).value)).toEqual(start);
    await view.user.type(within(view.row(1)).getByRole('combobox', { name: 'Ticker value' }), 'X');
    const shown: unknown = JSON.parse((view.jsonBox() as HTMLTextAreaElement).value);
    expect(shown).toEqual(bodyOf('13f_holdings', [cond('ticker', '$equals', 'AAPLX')]));
    expect(shown).toEqual(view.sent());
  });

  it('a pasted body replaces the builder’s rows and options', async () => {
    const view = setupBuilder(
      bodyOf('13f_holdings', [cond('ticker', '$equals', 'AAPL')], {
        order_by: 'value:DESC',
      }),
    );
    const pasted = bodyOf('13f_holdings', [
      cond('value', '$gt', '5000'),
      or(cond('status', '$equals', 'NEW'), cond('status', '$equals', 'ADDED')),
    ]);
    await pasteBody(view, JSON.stringify(pasted));
    expect(within(view.row(1)).getByRole('textbox', { name: 'Value (USD) value' })).toHaveValue(
      '5000',
    );
    expect(within(view.row('2.2')).getByRole('combobox', { name: 'Status value' })).toHaveValue(
      'ADDED',
    );
    expect(screen.queryByRole('group', { name: 'Condition 3' })).not.toBeInTheDocument();
    // The old order_by is gone: the pasted body is the whole query.
    expect(view.sent()).toEqual(pasted);
  });

  it('a body typed key by key is taken once it is valid JSON', async () => {
    const view = setupBuilder(start);
    await view.user.clear(view.jsonBox());
    // user-event reads "{" and "[" as key names unless doubled.
    const typed = '{"module":"13f_holdings","filters":{"filter":[{"cusip":{"$contains":"0378"}}]}}';
    await view.user.type(view.jsonBox(), typed.replace(/[{[]/g, '$&$&'));
    expect(screen.queryByText(/Not valid JSON/)).not.toBeInTheDocument();
    expect(within(view.row(1)).getByRole('combobox', { name: 'Operator' })).toHaveValue('contains');
    expect(view.sent()).toEqual(JSON.parse(typed));
  });

  it('invalid JSON is named and the builder keeps its last good state', async () => {
    const view = setupBuilder(start);
    await pasteBody(view, '{"module": "13f_holdings", "filters": {"filter": [');
    expect(
      screen.getByText(/^Not valid JSON \(.+\); the builder keeps its last good state\.$/),
    ).toBeVisible();
    expect(view.jsonBox()).toHaveValue('{"module": "13f_holdings", "filters": {"filter": [');
    expect(within(view.row(1)).getByRole('combobox', { name: 'Ticker value' })).toHaveValue('AAPL');
    expect(view.sent()).toEqual(start);
  });

  it('a body for another module is refused with a message', async () => {
    const view = setupBuilder(start);
    await pasteBody(
      view,
      JSON.stringify(bodyOf('updates', [cond('job_change__c', '$equals', true)])),
    );
    expect(screen.getByText('This body is for Contact updates, not this module.')).toBeVisible();
    expect(view.sent()).toEqual(start);
    expect(within(view.row(1)).getByRole('combobox', { name: 'Ticker value' })).toHaveValue('AAPL');
  });

  it('a refused body’s message goes once a builder edit rewrites the panel', async () => {
    const view = setupBuilder(start);
    await pasteBody(view, '{"module": "nowhere"}');
    expect(
      screen.getByText(/^"module" is "nowhere", which is not a module; use one of/),
    ).toBeVisible();
    await view.user.type(within(view.row(1)).getByRole('combobox', { name: 'Ticker value' }), 'X');
    expect(JSON.parse((view.jsonBox() as HTMLTextAreaElement).value)).toEqual(view.sent());
    expect(screen.queryByText(/which is not a module/)).not.toBeInTheDocument();
  });

  it('a body with an unknown field shows it kept as written and sends it unchanged', async () => {
    const view = setupBuilder(start);
    const pasted = {
      module: '13f_holdings',
      filters: { filter: [{ sharesheld: { $gt: '10' } }, cond('ticker', '$equals', 'IBM')] },
    };
    await pasteBody(view, JSON.stringify(pasted));
    const raw = screen.getByRole('group', { name: 'Condition 1, kept as written' });
    expect(within(raw).getByText(/field "sharesheld" is not in the catalog/)).toBeVisible();
    expect(view.sent()).toEqual(pasted);
  });
});

describe('Copy as curl', () => {
  it('copies a command with a placeholder, never the analyst’s own token', async () => {
    session.signIn({ access_token: 'real-secret-token-42', expires_in: 3600 }, 'analyst');
    const view = setupBuilder(start);
    await view.user.click(screen.getByRole('button', { name: 'Copy as curl' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain("-H 'Oauth-Token: <ACCESS_TOKEN>'");
    expect(copied).toContain(`--data-raw '${JSON.stringify(start)}'`);
    expect(copied).not.toContain('real-secret-token-42');
  });

  it('curlCommand quotes the body for a POSIX shell', () => {
    const command = curlCommand(
      bodyOf('13f_holdings', [cond('companyname', '$equals', "O'Neil")]),
      'https://example.test',
    );
    expect(command).toBe(
      [
        "curl -X POST 'https://example.test/index.php/api/service'",
        "-H 'Content-Type: text/plain'",
        "-H 'Oauth-Token: <ACCESS_TOKEN>'",
        `--data-raw '{"module":"13f_holdings","filters":{"filter":[{"companyname":{"$equals":"O'\\''Neil"}}]}}'`,
      ].join(' \\\n  '),
    );
  });
});
