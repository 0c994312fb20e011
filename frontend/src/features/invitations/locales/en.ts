/** English strings of the invitation screens. */
const invitations = {
  roles: {
    simpleUser: 'Member',
    dataContributor: 'Data contributor',
    groupAdmin: 'Group administrator',
    systemAdmin: 'System administrator',
  },
  /** What each member role may do (the server's rules: chalicelib/auth/rules.py MEMBER, CONTRIBUTOR, GROUP_ADMIN). */
  roleDescriptions: {
    simpleUser: 'sees the organization’s members, projects, stations and data; changes nothing.',
    dataContributor: 'also creates and edits stations, parameters and projects, and imports data.',
    groupAdmin: 'also invites and removes members, changes their roles, and edits the organization’s details and settings.',
  },
  status: {
    pending: 'Pending',
    accepted: 'Accepted',
    revoked: 'Revoked',
    declined: 'Declined',
    expired: 'Expired',
  },
  fields: {
    email: 'Email',
    organization: 'Organization',
    role: 'Role',
    status: 'Status',
    sent: 'Sent',
    expires: 'Valid until',
  },
  page: {
    title: 'Invitation',
    signInFirst: 'Sign in to see this invitation and accept it. You come back here afterwards.',
    lead: '{{organization}} invites you to join as {{role}}.',
    leadSystemAdmin: 'You are invited to become a system administrator.',
    accept: 'Accept',
    decline: 'Decline',
    notNow: 'Not now',
    accepted: 'You joined {{organization}}.',
    declined: 'Invitation declined.',
    declineTitle: 'Decline the invitation',
    declineMessage: 'Decline the invitation to join {{organization}}? Its link stops working; an administrator can invite you again later.',
    alreadyAccepted: 'You have accepted this invitation to {{organization}}.',
    open: 'Open {{organization}}',
    unknownOrganization: 'the organization',
    /** The link was opened by another account than the invited one: which one, and the way to switch. */
    signedInAs: 'You are signed in as {{email}}.',
    signedInAsUnknown: 'You are signed in with an account that has no email address the portal knows.',
    switchAccount: 'Sign out and sign in with the invited address',
    switchAccountHint: 'After signing in again you come back to this invitation.',
  },
  list: {
    title: 'Invitations',
    intro: 'Invite people into the organizations you administer, and follow their invitations.',
    notAnAdmin: 'Only group administrators invite people. You do not administer an organization.',
    /** Who creates organizations (system administrators), and how to ask for one. */
    whoCreates: 'Organizations are created by the portal’s system administrators.',
    askForOne: 'To ask for one for your group, write to them through Contact us.',
    /** The signed-in user's own open invitations, on the Invitations page: none. */
    noneForYou: 'You have no open invitations. When a group administrator invites you, the invitation shows here.',
    invite: 'Invite someone',
    /** Arrived from an organization's Members tab ("Invite member"): the way back there. */
    backToMembers: 'Back to the members of {{organization}}',
    statusFilter: 'Status',
    allStatuses: 'All',
    empty: 'No invitations.',
    deletedOrganization: '(deleted organization)',
    resend: 'Resend',
    resendAction: 'Resend the invitation to {{email}}',
    resent: 'Invitation sent again to {{email}}.',
    revoke: 'Revoke',
    revokeAction: 'Revoke the invitation to {{email}}',
    revokeTitle: 'Revoke invitation',
    revokeMessage: 'Revoke the invitation to {{email}}? Its link stops working.',
    revoked: 'Invitation to {{email}} revoked.',
  },
  invite: {
    title: 'Invite someone',
    send: 'Send invitation',
    sent: 'Invitation sent to {{email}}.',
    invalidEmail: 'Enter a valid email address.',
    systemAdmin: 'Also make them a system administrator',
    /** One role and what it may do. */
    roleMeaning: '{{role}}: {{meaning}}',
  },
  home: {
    title: 'Invitations for you',
    item: 'Join {{organization}}',
    role: 'Role: {{role}}',
    acceptAction: 'Accept the invitation to join {{organization}}',
    declineAction: 'Decline the invitation to join {{organization}}',
  },
};

export default invitations;
