import type { ModuleId } from '#contract/catalog';
import type { QueryRequestBody } from '#contract/request-body';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';
import { session } from '../../lib/api/services.ts';

/** What a workspace had when the analyst left it: the query being edited, the last run, its view. */
export interface RememberedWorkspace {
  readonly body: Record<string, unknown>;
  readonly ran: QueryRequestBody | undefined;
  readonly view: WorkspaceView;
}

const remembered = new Map<ModuleId, RememberedWorkspace>();

// One analyst's queries are never offered to the next one signing in on this tab.
session.subscribe(() => {
  if (!session.current) remembered.clear();
});

/**
 * Workspaces remember their query for the life of the tab's page, so following a related query
 * to another module and coming back (or switching modules in the navigation) loses nothing.
 */
export const workspaceMemory = {
  recall: (module: ModuleId): RememberedWorkspace | undefined => remembered.get(module),
  remember: (module: ModuleId, workspace: RememberedWorkspace): void => {
    remembered.set(module, workspace);
  },
};
