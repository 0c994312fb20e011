import { PendingInvitations } from '../features/invitations/components/PendingInvitations';
import { MyWork } from '../features/organizations/components/MyWork';
import { SystemInfoPage } from '../features/system/components/SystemInfoPage';

/** /home: what the product is, and for a signed-in member the way to their work (features composed here). */
export function HomePage() {
  return (
    <>
      <SystemInfoPage />
      <PendingInvitations />
      <MyWork />
    </>
  );
}

export default HomePage;
