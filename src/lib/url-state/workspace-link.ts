/**
 * Shareable workspace links: the state a link carries (the query body as the builder would send
 * it, and how the results were being viewed), and its codec to and from the URL fragment
 * (`#s=<lz-string>`). The fragment never reaches a server. Pure: nothing here touches the DOM,
 * the router or the network, and decoding never throws, whatever the link holds.
 *
 * Versions: v0 is the prepared-query fragment `#query=<URI-encoded JSON body>`; v1 is this
 * module's state. Decoding reads every version and migrates it step by step to the current one.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { z } from 'zod/mini';
import { MODULE_IDS } from '#contract/catalog';
import { isPlainObject } from '#contract/query';
import { isJsonValue, isLiteralObject } from './literal-object.ts';
import type { WorkspaceView } from './workspace-view.ts';
import { workspaceViewSchema } from './workspace-view.ts';

/** Links longer than this are cut short by chat tools and some mail clients; the UI warns. */
export const LONG_LINK_CHARACTERS = 2000;

/**
 * The longest compressed state (the text after `s=`) that decoding opens. lz-string can expand
 * a crafted input quadratically (10 million characters from 8,000, 50 million from 20,000),
 * so a link from someone else must not be able to stall or crash the tab. The largest realistic
 * query (200 conditions) compresses to under 3,000 characters. Encoding does not refuse longer
 * states: the UI should not offer a link whose fragment exceeds this.
 */
export const MAX_LINK_STATE_CHARACTERS = 16_000;

const CURRENT_VERSION = 1;
const STATE_PREFIX = 's=';
/** The v0 carrier (`#query=<URI-encoded JSON body>`), read here for links made before v1. */
const V0_PREFIX = 'query=';

const DAMAGED_MESSAGE = 'This link is damaged (cut short or edited), so nothing was run.';
const NEWER_MESSAGE =
  'This link comes from a newer version of the dashboard, so nothing was run. Reload the page ' +
  'to get the latest version, then open the link again.';
const TOO_LONG_MESSAGE =
  `This link is too long to open safely (over ${MAX_LINK_STATE_CHARACTERS.toLocaleString('en-US')} ` +
  'characters of query), so nothing was run.';

// Keys compared without case or separators, so access_token, accessToken and ACCESS-TOKEN match.
const CREDENTIAL_KEY =
  /^(?:(?:access|refresh|id|oauth|bearer|auth|)token|[a-z0-9]*pass(?:word|wd)|(?:client)?secret|apikey|authorization)$/;

/**
 * The path of a key anywhere in `root` that names a credential (`access_token`,
 * `refresh_token`, `password`, `Oauth-Token`…), or undefined. Only keys: a filter value may
 * well be the word "password". Links are pasted into chats and tickets, so such a state is
 * refused, never stripped: stripping would hide the caller's mistake.
 */
function findCredentialKey(root: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value, path } = item;
    if (Array.isArray(value)) {
      value.forEach((child: unknown, index) => {
        pending.push({ value: child, path: `${path}[${index}]` });
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const keyPath = path === '' ? key : `${path}.${key}`;
        if (CREDENTIAL_KEY.test(key.toLowerCase().replace(/[^a-z0-9]/g, ''))) return keyPath;
        pending.push({ value: child, path: keyPath });
      }
    }
  }
  return undefined;
}

/**
 * The query body, kept exactly as written: the builder sends "kept as written" parts verbatim,
 * so only its shape is checked here (a JSON object); the contract's query schema runs at Run.
 * A custom check, not `z.record`, so nothing is rebuilt, reordered or dropped (zod skips
 * `__proto__` keys).
 */
const bodySchema = z.custom<Record<string, unknown>>(
  (value) => isLiteralObject(value) && isJsonValue(value),
  { message: 'body must be a JSON object' },
);

/** Version 1 of a workspace link's state. Strict: an unknown key means the link was edited. */
export const workspaceLinkSchema = z
  .strictObject({
    v: z.literal(1),
    module: z.enum(MODULE_IDS),
    body: bodySchema,
    view: z.optional(workspaceViewSchema),
  })
  .check(
    z.refine((state) => isLiteralObject(state.body) && state.body.module === state.module, {
      message: 'body.module must be the link’s module',
      path: ['body', 'module'],
    }),
    z.refine((state) => findCredentialKey(state) === undefined, {
      message: 'a link must never carry a credential',
    }),
  );

/** A workspace link's state, version 1. */
export type WorkspaceLink = z.infer<typeof workspaceLinkSchema>;

/** The link state of a module's query and view; a view with nothing set is left out. */
export function workspaceLinkOf(
  module: WorkspaceLink['module'],
  body: Readonly<Record<string, unknown>>,
  view?: WorkspaceView,
): WorkspaceLink {
  const set = view ? Object.values(view as Record<string, unknown>) : [];
  const viewed = set.some((value) => value !== undefined);
  return { v: 1, module, body: { ...body, module }, ...(viewed ? { view } : {}) };
}

/** What a URL fragment holds, as far as workspace links go. */
export type DecodedWorkspaceLink =
  | { readonly kind: 'none' }
  | { readonly kind: 'link'; readonly state: WorkspaceLink; readonly migrated: boolean }
  | { readonly kind: 'damaged'; readonly message: string }
  | { readonly kind: 'newer'; readonly message: string };

/**
 * One step per version: `MIGRATIONS[n]` turns a version-n state into version n + 1. A step
 * only reshapes; the schema judges the result, so a step never needs to validate. A v2 adds
 * its v1 → v2 step here, bumps CURRENT_VERSION and the schema's `v`.
 */
const MIGRATIONS: readonly ((state: unknown) => unknown)[] = [
  // v0 → v1: a bare body becomes the state's body, its module the state's module.
  (body) => ({ v: 1, module: isPlainObject(body) ? body.module : undefined, body }),
];

/**
 * The fragment text (without '#') that carries `state`: `s=<compressed JSON>`. Throws a
 * programming error when the state fails the schema, in particular when a key anywhere names a
 * credential: the caller must not have put one there, and stripping it silently would hide that.
 */
export function encodeWorkspaceLink(state: WorkspaceLink): string {
  const credential = findCredentialKey(state);
  if (credential !== undefined) {
    throw new Error(
      `encodeWorkspaceLink: "${credential}" looks like a credential; links never carry one`,
    );
  }
  const json = JSON.stringify(state);
  // Checked in its JSON form, which is exactly what a decoder will see.
  const checked = workspaceLinkSchema.safeParse(JSON.parse(json));
  if (!checked.success) {
    const [issue] = checked.error.issues;
    const where = issue?.path.join('.') ?? '';
    throw new Error(`encodeWorkspaceLink: invalid state at "${where}": ${issue?.message ?? ''}`);
  }
  return STATE_PREFIX + compressToEncodedURIComponent(json);
}

type Versioned =
  | { readonly version: number; readonly data: unknown }
  | Exclude<DecodedWorkspaceLink, { kind: 'link' }>;

const damaged = { kind: 'damaged', message: DAMAGED_MESSAGE } as const;

/** The JSON a v1+ payload holds, or undefined when it cannot be read. */
function readPayload(payload: string): unknown {
  // Chat tools sometimes percent-encode '$' or '+'; '%' is not in lz-string's alphabet.
  const text = payload.includes('%') ? decodeURIComponent(payload) : payload;
  // Typed as string, but lz-string returns null (or '') for input it cannot decompress.
  const json = decompressFromEncodedURIComponent(text) as string | null;
  return json ? (JSON.parse(json) as unknown) : undefined;
}

function readVersioned(fragment: string): Versioned {
  if (fragment.startsWith(V0_PREFIX)) {
    return { version: 0, data: JSON.parse(decodeURIComponent(fragment.slice(V0_PREFIX.length))) };
  }
  if (!fragment.startsWith(STATE_PREFIX)) return { kind: 'none' };
  const payload = fragment.slice(STATE_PREFIX.length);
  if (payload.length > MAX_LINK_STATE_CHARACTERS) {
    return { kind: 'damaged', message: TOO_LONG_MESSAGE };
  }
  const data = readPayload(payload);
  if (!isPlainObject(data) || typeof data.v !== 'number') return damaged;
  if (data.v > CURRENT_VERSION) return { kind: 'newer', message: NEWER_MESSAGE };
  // v0 has its own carrier above; under `s=` a version is a whole number from 1.
  if (!Number.isInteger(data.v) || data.v < 1) return damaged;
  return { version: data.v, data };
}

/**
 * Reads a URL fragment (with or without '#'). `none` when it holds no link state (e.g. `#main`),
 * `link` with the state migrated to the current version (`migrated` when it was older),
 * `damaged` or `newer` with a plain-English message for the analyst. Never throws.
 */
export function decodeWorkspaceLink(hash: string): DecodedWorkspaceLink {
  try {
    const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
    const read = readVersioned(fragment);
    if ('kind' in read) return read;
    let data = read.data;
    for (let version = read.version; version < CURRENT_VERSION; version += 1) {
      const step = MIGRATIONS[version];
      if (step === undefined) return damaged;
      data = step(data);
    }
    const parsed = workspaceLinkSchema.safeParse(data);
    if (!parsed.success) return damaged;
    return { kind: 'link', state: parsed.data, migrated: read.version < CURRENT_VERSION };
  } catch {
    // Malformed percent-escapes, invalid JSON, or anything lz-string trips on.
    return damaged;
  }
}
