import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModuleId } from '#contract/catalog';
import { useQueryBuilder } from '../builder/use-query-builder.ts';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';
import { useRunFlow } from './use-run-flow.ts';
import { useWorkspaceUrl } from './use-workspace-url.ts';
import { workspaceMemory } from './workspace-memory.ts';
import { nothingOpened, openingOf, openingOfLink } from './workspace-opening.ts';
import type { Mode, Opening } from './workspace-opening.ts';

/**
 * A workspace's query, run and view as opened: from the address's link, what the analyst left
 * here, or the starter query, run once on arrival when the opening says so. A new address later
 * (Back, Forward, a link or saved query opened in this tab) is opened the same way, and what is
 * shown is remembered for the analyst's return to this module.
 */
export function useWorkspaceOpening({
  module,
  hash,
  runStarter,
  mode,
}: {
  module: ModuleId;
  hash: string;
  runStarter: boolean;
  mode: Mode;
}) {
  const [opening] = useState(() => openingOf(module, hash, runStarter, mode));
  const [view, setView] = useState(opening.view);
  const [problem, setProblem] = useState(opening.problem);
  const builder = useQueryBuilder(opening.state);
  const flow = useRunFlow();
  const started = useRef(false);
  const { run } = flow;
  const changeView = useCallback((patch: WorkspaceView) => {
    setView((current) => ({ ...current, ...patch }));
  }, []);

  // A new address (Back, Forward, a link opened in this tab) replaces what is shown.
  const show = (next: Opening, confirmed: boolean) => {
    setProblem(next.problem);
    builder.load(next.state);
    setView(next.view);
    if (next.run) void run(next.run, { confirmed });
    else flow.cancel();
  };
  const address = useWorkspaceUrl({
    module,
    openedFrom: hash,
    ran: flow.state.phase === 'rows' ? flow.state.body : undefined,
    view,
    onOpen: (link, visited) => {
      show(openingOfLink(module, link), visited);
    },
    onProblem: (message) => {
      show(nothingOpened(module, message), false);
    },
  });

  useEffect(() => {
    if (opening.run && !started.current) {
      started.current = true;
      void run(opening.run);
    }
  }, [opening, run]);

  // Remembered on every change, read when the analyst comes back to this module.
  const ran = flow.state.phase === 'idle' ? undefined : flow.state.body;
  useEffect(() => {
    workspaceMemory.remember(module, { body: builder.body, ran, view });
  }, [module, builder.body, ran, view]);

  return { builder, flow, view, changeView, problem, address };
}
