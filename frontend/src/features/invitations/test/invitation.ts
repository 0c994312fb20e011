import { DEMO_ORG } from '../../organizations/test/fakeOrganizationsServer';

/** A pending invitation of Otto's into the demo organization, as the API answers it. */
export const OTTOS_INVITATION = {
  id: 'inv-for-otto', email: 'otto@demo.example', organizationId: DEMO_ORG, organizationName: 'Demo Watershed Council',
  roleName: 'data-contributor', isSystemAdmin: false, status: 'pending', createdAt: '2026-11-20T10:00:00Z', createdBy: 'u-olga',
  expiresAt: '2026-11-27T10:00:00Z', resendCount: 0, acceptedAt: null,
};
