import type { AppConfig } from '#contract/app-config';
import type { ModuleId } from '#contract/catalog';
import { requestBody } from '#contract/request-body';
import { stateFromBody, emptyState } from '../builder/wire.ts';
import type { BuilderState } from '../builder/model.ts';
import { starterBody } from '../builder/starter-queries.ts';
import type { QueryRequestBody } from '#contract/request-body';
import { decodeWorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';
import { workspaceMemory } from './workspace-memory.ts';

/** The deployment: the embedded service, or the vendor's (one sort key, see starterBody). */
export type Mode = AppConfig['mode'];

export function starterState(module: ModuleId, mode: Mode) {
  const read = stateFromBody(starterBody(module, mode));
  return read.ok ? read.state : emptyState(module);
}

/** What a workspace shows on opening (or on a new address): builder, run, view, or a problem. */
export interface Opening {
  readonly state: BuilderState;
  readonly run: QueryRequestBody | undefined;
  readonly view: WorkspaceView;
  readonly problem: string | undefined;
}

/** An empty workspace, nothing run, and why. */
export function nothingOpened(module: ModuleId, problem: string): Opening {
  return { state: emptyState(module), run: undefined, view: {}, problem };
}

export function openingOfLink(module: ModuleId, link: WorkspaceLink): Opening {
  const read = stateFromBody(link.body);
  if (!read.ok) {
    return nothingOpened(
      module,
      `The link's query cannot be read: ${read.message} Nothing was run.`,
    );
  }
  // The link's schema has checked that its body names the link's module.
  const run = requestBody(link.module, link.body);
  return { state: read.state, run, view: link.view ?? {}, problem: undefined };
}

/**
 * Where a workspace starts: a prepared query in the link's fragment (run on arrival), else what
 * the analyst left here, else the module's starter query.
 */
export function openingOf(
  module: ModuleId,
  hash: string,
  runStarter: boolean,
  mode: Mode,
): Opening {
  const link = decodeWorkspaceLink(hash);
  // During a navigation the fragment can change a render before the module does: another
  // module's link is not this workspace's.
  if (link.kind === 'link' && link.state.module === module) {
    return openingOfLink(module, link.state);
  }
  // A damaged link or one from a newer version: say so, and run nothing.
  if (link.kind === 'damaged' || link.kind === 'newer') return nothingOpened(module, link.message);
  const left = workspaceMemory.recall(module);
  const kept = left ? stateFromBody(left.body) : undefined;
  if (left && kept?.ok) {
    return { state: kept.state, run: left.ran, view: left.view, problem: undefined };
  }
  return {
    state: starterState(module, mode),
    run: runStarter ? starterBody(module, mode) : undefined,
    view: {},
    problem: undefined,
  };
}
