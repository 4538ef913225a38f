import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { MODULE_IDS } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
// A test may read another feature's data: the starter queries are the v0 links analysts hold.
import { STARTER_QUERIES } from '../../features/builder/starter-queries.ts';
import {
  decodeWorkspaceLink,
  encodeWorkspaceLink,
  LONG_LINK_CHARACTERS,
  MAX_LINK_STATE_CHARACTERS,
  workspaceLinkSchema,
} from './workspace-link.ts';

/** A v0 link's fragment as the dashboard wrote it before versioned links (`#query=<JSON>`). */
function preparedQueryHash(body: unknown): string {
  return `query=${encodeURIComponent(JSON.stringify(body))}`;
}
import type { DecodedWorkspaceLink, WorkspaceLink } from './workspace-link.ts';

const DAMAGED = 'This link is damaged (cut short or edited), so nothing was run.';
// lz-string's URI alphabet: ASCII, so UTF-16 units are characters.
const ENCODED_ALPHABET = Array.from(
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$',
);

/** A valid v1 state: a module's starter body, with any part overridden. */
function linkState(module: ModuleId = 'updates', overrides: Partial<WorkspaceLink> = {}) {
  const state: WorkspaceLink = { v: 1, module, body: { ...STARTER_QUERIES[module].body } };
  return { ...state, ...overrides };
}

/** The fragment a v1+ link would have for any JSON, valid or not: links from elsewhere. */
function fragmentOf(json: unknown): string {
  return `#s=${compressToEncodedURIComponent(JSON.stringify(json))}`;
}

/** What a decoder sees: a value as JSON carries it (e.g. -0 becomes 0). */
function jsonForm<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function setup(overrides: Partial<WorkspaceLink> = {}, module: ModuleId = 'updates') {
  const state = linkState(module, overrides);
  const fragment = encodeWorkspaceLink(state);
  return { state, fragment, decoded: decodeWorkspaceLink(`#${fragment}`) };
}

/** Whatever the input, the outcome is one of the four kinds, each well formed. */
function expectWellFormed(decoded: DecodedWorkspaceLink): void {
  switch (decoded.kind) {
    case 'none':
      return;
    case 'damaged':
    case 'newer':
      expect(decoded.message).toMatch(/^This link .*nothing was run\./);
      return;
    case 'link':
      expect(workspaceLinkSchema.safeParse(decoded.state).success).toBe(true);
      expect(decoded.state.body.module).toBe(decoded.state.module);
  }
}

const moduleId = fc.constantFrom(...MODULE_IDS);
const key = fc.string({ maxLength: 10 });
const jsonObject = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });

/** Bodies the builder could send: starter bodies, and any JSON with `module` set. */
function bodyFor(module: ModuleId): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    fc.constant({ ...STARTER_QUERIES[module].body }),
    fc.tuple(fc.option(jsonObject, { nil: undefined }), jsonObject).map(([filters, extras]) => {
      // `module` first, as the builder writes it; fromEntries keeps "__proto__" a plain key.
      const entries: [string, unknown][] = [['module', module]];
      if (filters !== undefined) entries.push(['filters', filters]);
      entries.push(...Object.entries(extras).filter(([name]) => name !== 'module'));
      return Object.fromEntries(entries);
    }),
  );
}

const columnId = fc.string({ maxLength: 12 });
const view = fc.record(
  {
    mode: fc.constantFrom('table' as const, 'chart' as const),
    sort: fc.array(fc.record({ id: columnId, desc: fc.boolean() }), { maxLength: 3 }),
    hidden: fc.array(columnId, { maxLength: 4 }),
    order: fc.array(columnId, { maxLength: 6 }),
    chart: fc.dictionary(
      key,
      fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
      { maxKeys: 4 },
    ),
    filter: fc.record({
      label: fc.string(),
      conditions: fc.array(
        fc.record({
          field: columnId,
          op: fc.constantFrom('in' as const, 'notIn' as const, 'month' as const),
          values: fc.array(fc.string(), { maxLength: 3 }),
        }),
        { maxLength: 3 },
      ),
    }),
  },
  { requiredKeys: [] },
);

const validState: fc.Arbitrary<WorkspaceLink> = moduleId
  .chain((module) =>
    fc.record(
      { v: fc.constant(1 as const), module: fc.constant(module), body: bodyFor(module), view },
      { requiredKeys: ['v', 'module', 'body'] },
    ),
  )
  // Drops the rare random key that reads like a credential ("token"), which encode refuses.
  .filter((state) => workspaceLinkSchema.safeParse(state).success);

describe('workspace links: round trip', () => {
  it('decodes what it encodes, for any valid state', () => {
    fc.assert(
      fc.property(validState, fc.boolean(), (state, withHash) => {
        const fragment = encodeWorkspaceLink(state);
        const decoded = decodeWorkspaceLink(withHash ? `#${fragment}` : fragment);
        expect(decoded).toEqual({ kind: 'link', state: jsonForm(state), migrated: false });
        // Verbatim, key order included: the builder re-sends the body as it reads it.
        if (decoded.kind === 'link') {
          expect(JSON.stringify(decoded.state.body)).toBe(JSON.stringify(state.body));
        }
        // Chat tools sometimes percent-encode '$' and '+'; the link still opens.
        const escaped = `s=${encodeURIComponent(fragment.slice('s='.length))}`;
        expect(decodeWorkspaceLink(escaped)).toEqual(decoded);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a body verbatim, even keys a rebuilt object would lose', () => {
    const body = JSON.parse(
      '{"module":"updates","__proto__":{"x":1},"filters":{"cursor":"c1","max_num":"5"},"10":0}',
    ) as Record<string, unknown>;
    const { decoded } = setup({ body });
    expect(decoded.kind === 'link' && JSON.stringify(decoded.state.body)).toBe(
      JSON.stringify(body),
    );
  });

  it('writes s=<URL-safe text>, and a starter query fits well under the long-link warning', () => {
    expect(LONG_LINK_CHARACTERS).toBe(2000);
    for (const module of MODULE_IDS) {
      const { fragment, decoded } = setup({ view: { mode: 'chart', chart: { topN: 10 } } }, module);
      expect(fragment).toMatch(/^s=[A-Za-z0-9+$-]+$/);
      expect(`https://dashboard.example.com/q/${module}#${fragment}`.length).toBeLessThan(500);
      expect(decoded.kind).toBe('link');
    }
  });
});

describe('workspace links: damaged, edited and foreign fragments', () => {
  const nearLinks = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'binary' }).map((text) => `#s=${text}`),
    fc.string({ unit: fc.constantFrom(...ENCODED_ALPHABET) }).map((text) => `s=${text}`),
    fc.string({ unit: 'binary' }).map((text) => `#query=${text}`),
  );

  it('never throws on garbage', () => {
    fc.assert(
      fc.property(nearLinks, (hash) => {
        expectWellFormed(decodeWorkspaceLink(hash));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on a valid link cut short', () => {
    fc.assert(
      fc.property(validState, fc.nat(), (state, cut) => {
        const fragment = encodeWorkspaceLink(state);
        expectWellFormed(decodeWorkspaceLink(fragment.slice(0, cut % fragment.length)));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on a valid link with one character replaced, inserted or deleted', () => {
    const char = fc.oneof(fc.constantFrom(...ENCODED_ALPHABET), fc.string({ unit: 'binary' }));
    const edit = fc.constantFrom('replace' as const, 'insert' as const, 'delete' as const);
    fc.assert(
      fc.property(validState, fc.nat(), edit, char, (state, at, how, text) => {
        const fragment = encodeWorkspaceLink(state);
        const index = at % fragment.length;
        const tail = fragment.slice(how === 'insert' ? index : index + 1);
        const edited = fragment.slice(0, index) + (how === 'delete' ? '' : text) + tail;
        expectWellFormed(decodeWorkspaceLink(`#${edited}`));
      }),
      { numRuns: 500 },
    );
  });

  it('reads a cut-short starter link as damaged, never as another query', () => {
    for (const module of MODULE_IDS) {
      const { fragment, decoded: whole } = setup({}, module);
      let damaged = 0;
      for (let length = 's='.length; length < fragment.length; length += 1) {
        const decoded = decodeWorkspaceLink(fragment.slice(0, length));
        // The last character or two may hold only lz-string's padding: the query is all there.
        if (decoded.kind === 'link') expect(decoded).toEqual(whole);
        else expect(decoded).toEqual({ kind: 'damaged', message: DAMAGED });
        if (decoded.kind === 'damaged') damaged += 1;
      }
      expect(damaged).toBeGreaterThan(fragment.length - 5);
    }
  });

  it.each(['', '#', '#main', 'main', '#s', '#query', '#section=2', '#/q/updates'])(
    'finds no link state in "%s"',
    (hash) => {
      expect(decodeWorkspaceLink(hash)).toEqual({ kind: 'none' });
    },
  );

  it.each<[string, string]>([
    ['an empty payload', '#s='],
    ['text that is not compressed', '#s=hello world'],
    ['a percent-escape cut short', '#s=%E0%A4%A'],
    ['compressed text that is not JSON', `#s=${compressToEncodedURIComponent('{"v":1,')}`],
    ['JSON that is not an object', fragmentOf([1, 2])],
    ['no version', fragmentOf({ module: 'updates', body: { module: 'updates' } })],
    ['a version as text', fragmentOf({ ...linkState(), v: '2' })],
    ['version 0 under s=', fragmentOf({ ...linkState(), v: 0 })],
    ['an unknown module', fragmentOf({ v: 1, module: 'nope', body: { module: 'nope' } })],
    ['a body of another module', fragmentOf(linkState('updates', { body: { module: 'x' } }))],
    ['a body that is an array', fragmentOf({ ...linkState(), body: ['updates'] })],
    ['an unknown top-level key', fragmentOf({ ...linkState(), extra: true })],
    ['an unknown view mode', fragmentOf({ ...linkState(), view: { mode: 'pie' } })],
    [
      'a chart setting that is an object',
      fragmentOf({ ...linkState(), view: { chart: { a: {} } } }),
    ],
    ['a v0 body cut short', '#query=%7B%22module'],
    ['a v0 escape cut short', '#query=%E0%A4%A'],
    ['a v0 body without a module', `#query=${encodeURIComponent('{"filters":{}}')}`],
    ['a v0 body of an unknown module', `#${preparedQueryHash({ module: 'nope' })}`],
  ])('reports %s as damaged, in plain English', (_, hash) => {
    expect(decodeWorkspaceLink(hash)).toEqual({ kind: 'damaged', message: DAMAGED });
  });

  it('refuses a payload too long to decompress safely, and says so', () => {
    const decoded = decodeWorkspaceLink(`#s=${'A'.repeat(MAX_LINK_STATE_CHARACTERS + 1)}`);
    expect(decoded).toEqual({
      kind: 'damaged',
      message: expect.stringMatching(/too long to open safely \(over 16,000 characters/) as string,
    });
    // At the limit it is decompressed and judged like any other link.
    const atLimit = decodeWorkspaceLink(`#s=${'A'.repeat(MAX_LINK_STATE_CHARACTERS)}`);
    expect(atLimit).toEqual({ kind: 'damaged', message: DAMAGED });
  });

  it.each([2, 3.5, 99])('tells a link from a newer dashboard (v%s) apart from damage', (v) => {
    const decoded = decodeWorkspaceLink(fragmentOf({ v, anything: ['the future holds'] }));
    expect(decoded).toEqual({
      kind: 'newer',
      message:
        'This link comes from a newer version of the dashboard, so nothing was run. Reload the ' +
        'page to get the latest version, then open the link again.',
    });
  });
});

describe('workspace links: v0 prepared-query fragments', () => {
  it.each(MODULE_IDS)('migrates the %s starter query to v1 with the same body', (module) => {
    const { body } = STARTER_QUERIES[module];
    const decoded = decodeWorkspaceLink(`#${preparedQueryHash(body)}`);
    expect(decoded).toEqual({ kind: 'link', state: { v: 1, module, body }, migrated: true });
    if (decoded.kind !== 'link') return;
    // Shared again, it is a v1 link to the same query.
    expect(decodeWorkspaceLink(encodeWorkspaceLink(decoded.state))).toEqual({
      ...decoded,
      migrated: false,
    });
  });

  it('migrates any v0 body that would make a valid state', () => {
    fc.assert(
      fc.property(validState, (state) => {
        const decoded = decodeWorkspaceLink(preparedQueryHash(state.body));
        expect(decoded).toEqual({
          kind: 'link',
          state: { v: 1, module: state.module, body: jsonForm(state.body) },
          migrated: true,
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('workspace links: never a credential', () => {
  const updates = (rest: Record<string, unknown>) => ({ body: { module: 'updates', ...rest } });
  const filter = [{ access_token: { $equals: 'x' } }];
  it.each<[string, Partial<WorkspaceLink>, string]>([
    ['in a filter', updates({ filters: { filter } }), 'body.filters.filter[0].access_token'],
    ['at the top', updates({ refreshToken: 'r' }), 'body.refreshToken'],
    ['in kept extras', updates({ extra: { PASSWORD: 'p' } }), 'body.extra.PASSWORD'],
    ['in chart settings', { view: { chart: { 'Oauth-Token': 'a' } } }, 'view.chart.Oauth-Token'],
  ])(
    'refuses a credential key %s: encode throws, a link holding one is damaged',
    (_, overrides, path) => {
      const state = linkState('updates', overrides);
      expect(() => encodeWorkspaceLink(state)).toThrow(
        `encodeWorkspaceLink: "${path}" looks like a credential; links never carry one`,
      );
      expect(decodeWorkspaceLink(fragmentOf(state))).toEqual({ kind: 'damaged', message: DAMAGED });
      const v0 = decodeWorkspaceLink(`#${preparedQueryHash(state.body)}`);
      expect(v0.kind).toBe(path.startsWith('body.') ? 'damaged' : 'link');
    },
  );

  it('lets a credential-like word through as a value: only keys are credentials', () => {
    const filter = [{ name: { $contains: 'password reset' } }];
    const { decoded } = setup({ body: { module: 'updates', filters: { filter } } });
    expect(decoded.kind).toBe('link');
  });

  it('refuses to encode a state the schema rejects: a programming error, not a link', () => {
    expect(() =>
      encodeWorkspaceLink(linkState('updates', { body: { module: 'accounthistory' } })),
    ).toThrow(/^encodeWorkspaceLink: invalid state at "body.module"/);
  });
});
