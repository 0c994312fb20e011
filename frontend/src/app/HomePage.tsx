import { LatestImports } from '../features/imports/components/LatestImports';
import { PendingInvitations } from '../features/invitations/components/PendingInvitations';
import { MyWork } from '../features/organizations/components/MyWork';
import { projectPath } from '../features/projects/paths';
import { lazyView } from '../shell/LazyView';

// The system part keeps its own lazily loaded chunk (spinner, 'Component load failed' as every view).
const systemInfo = lazyView(() => import('../features/system/components/SystemInfoPage'));

/**
 * /home: what the product is, and for a signed-in member the way to their work (features composed here):
 * pending invitations, their organizations and projects, the latest imports of those projects.
 */
export function HomePage() {
  return (
    <>
      {systemInfo}
      <PendingInvitations />
      <MyWork
        latestImports={(projects) => (
          <LatestImports projects={projects.map((p) => ({ ...p, importsPath: projectPath(p.organizationId, p.id, 'imports') }))} />
        )}
      />
    </>
  );
}
