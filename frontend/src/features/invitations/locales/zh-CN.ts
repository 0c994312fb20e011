import type en from './en';

/** 邀请界面的简体中文文本。 */
const invitations: typeof en = {
  roles: {
    simpleUser: '普通成员',
    dataContributor: '数据贡献者',
    groupAdmin: '组管理员',
    systemAdmin: '系统管理员',
  },
  status: {
    pending: '待处理',
    accepted: '已接受',
    revoked: '已撤销',
    declined: '已拒绝',
    expired: '已过期',
  },
  fields: {
    email: '电子邮箱',
    organization: '组织',
    role: '角色',
    status: '状态',
    sent: '发送日期',
    expires: '有效期至',
  },
  page: {
    title: '邀请',
    signInFirst: '请先登录以查看并接受此邀请。登录后将返回此页面。',
    lead: '{{organization}} 邀请您以{{role}}身份加入。',
    leadSystemAdmin: '您被邀请成为系统管理员。',
    accept: '接受',
    decline: '拒绝',
    notNow: '以后再说',
    accepted: '您已加入 {{organization}}。',
    declined: '已拒绝邀请。',
    declineTitle: '拒绝邀请',
    declineMessage: '拒绝加入 {{organization}} 的邀请？其链接将失效；管理员以后可以再次邀请您。',
    alreadyAccepted: '您已接受加入 {{organization}} 的邀请。',
    open: '打开 {{organization}}',
    unknownOrganization: '该组织',
  },
  list: {
    title: '邀请',
    intro: '邀请他人加入您管理的组织，并跟踪邀请状态。',
    notAnAdmin: '只有组管理员可以邀请他人。您没有管理任何组织。',
    invite: '邀请成员',
    statusFilter: '状态',
    allStatuses: '全部',
    empty: '没有邀请。',
    deletedOrganization: '（已删除的组织）',
    resend: '重新发送',
    resendAction: '重新发送给 {{email}} 的邀请',
    resent: '已重新向 {{email}} 发送邀请。',
    revoke: '撤销',
    revokeAction: '撤销给 {{email}} 的邀请',
    revokeTitle: '撤销邀请',
    revokeMessage: '撤销给 {{email}} 的邀请？其链接将失效。',
    revoked: '已撤销给 {{email}} 的邀请。',
  },
  invite: {
    title: '邀请成员',
    send: '发送邀请',
    sent: '已向 {{email}} 发送邀请。',
    invalidEmail: '请输入有效的电子邮箱地址。',
    systemAdmin: '同时设为系统管理员',
  },
  home: {
    title: '您的邀请',
    item: '加入 {{organization}}',
  },
};

export default invitations;
