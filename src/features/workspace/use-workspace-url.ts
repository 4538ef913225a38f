import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import type { ModuleId } from '#contract/catalog';
import type { QueryRequestBody } from '#contract/request-body';
import {
  decodeWorkspaceLink,
  encodeWorkspaceLink,
  workspaceLinkOf,
} from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';

const withoutHash = (hash: string) => (hash.startsWith('#') ? hash.slice(1) : hash);

/** The fragment for a run and its view, or undefined when no link can be made of it. */
function fragmentOf(module: ModuleId, body: QueryRequestBody, view: WorkspaceView) {
  try {
    return encodeWorkspaceLink(workspaceLinkOf(module, body, view));
  } catch {
    // A body with a credential-named key gets no link (and so no history entry).
    return undefined;
  }
}

/**
 * Keeps the address bar on what the workspace shows: each query the analyst runs becomes a
 * history entry whose fragment holds the query and its view (a view change rewrites the entry),
 * so Back and Forward move between runs and the address is always a link to this view. A
 * fragment the workspace did not write (Back, Forward, a link opened in this tab) is applied.
 *
 * The fragment never reaches a server and never holds a credential (the codec refuses one).
 */
export function useWorkspaceUrl({
  module,
  openedFrom,
  ran,
  view,
  onOpen,
  onProblem,
}: {
  module: ModuleId;
  /** The fragment the workspace was opened from (already applied). */
  openedFrom: string;
  /** The body whose rows are shown, if any. */
  ran: QueryRequestBody | undefined;
  view: WorkspaceView;
  /** Show and run a state from the address bar; `visited` when this workspace wrote it (Back). */
  onOpen: (state: WorkspaceLink, visited: boolean) => void;
  /** A fragment that is damaged or from a newer version. */
  onProblem: (message: string) => void;
}) {
  const navigate = useNavigate();
  const locationHash = useLocation({ select: (location) => location.hash });
  const pathname = useLocation({ select: (location) => location.pathname });
  const written = useRef(withoutHash(openedFrom));
  const visited = useRef(new Set<string>());
  const nextRunIsNew = useRef(false);

  const write = useCallback(
    (fragment: string, replace: boolean) => {
      written.current = fragment;
      visited.current.add(fragment);
      void navigate({
        to: '/q/$module',
        params: { module },
        hash: fragment,
        replace,
        resetScroll: false,
        hashScrollIntoView: false,
      });
    },
    [module, navigate],
  );

  useEffect(() => {
    if (!ran) return;
    const fragment = fragmentOf(module, ran, view);
    if (fragment === undefined || fragment === written.current) return;
    // A run the analyst started gets its own entry; a view change, or the first run on an
    // address without one, rewrites the current entry.
    const push = nextRunIsNew.current && decodeWorkspaceLink(written.current).kind === 'link';
    nextRunIsNew.current = false;
    write(fragment, !push);
  }, [module, ran, view, write]);

  // An effect event: it reads the latest run and callbacks, yet only a new address triggers it.
  const openAddress = useEffectEvent((fragment: string) => {
    if (fragment === written.current) return;
    const link = decodeWorkspaceLink(fragment);
    if (link.kind === 'none') {
      // The module's own navigation link (no fragment) while this workspace shows a run: the
      // address goes back to naming what is shown. (Leaving for another page also drops the
      // fragment for a render while this workspace is still mounted: that is left alone.)
      const here = pathname === `/q/${module}`;
      if (here && fragment === '' && ran && written.current !== '') write(written.current, true);
      return;
    }
    // During a navigation to another module the fragment changes a render before the module.
    if (link.kind === 'link' && link.state.module !== module) return;
    written.current = fragment;
    if (link.kind === 'link') onOpen(link.state, visited.current.has(fragment));
    else onProblem(link.message);
  });
  useEffect(() => {
    openAddress(withoutHash(locationHash));
  }, [locationHash]);

  return {
    /** The next run the analyst starts gets its own history entry. */
    startingNewRun: () => {
      nextRunIsNew.current = true;
    },
  };
}
