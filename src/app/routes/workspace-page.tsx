import { getRouteApi } from '@tanstack/react-router';
import { Workspace } from '../../features/workspace/workspace.tsx';

const workspaceRoute = getRouteApi('/signed-in/q/$module');

/** /q/$module: one workspace per module; a new module starts a new workspace. */
export function WorkspacePage() {
  const { module } = workspaceRoute.useParams();
  const { run } = workspaceRoute.useSearch();
  return <Workspace key={module} module={module} runStarter={run === 'starter'} />;
}
