"""Error messages in the language a request asks for (Accept-Language): the messages users meet in the
screens, by their English template; any other message stays in English."""
from __future__ import annotations

import re
import string
from functools import lru_cache

# English template → Simplified Chinese, both in str.format's syntax: {name} is a placeholder, carried over as it
# is; {{ and }} are a literal brace ("{{z}}" is the text {z}). The first template that matches a message wins, so
# a general template ("{name} not found.") comes after the particular ones it would also match (the last group).
# Terms as in the screens (frontend/src/**/locales/zh-CN.ts): 组织 organization, 组管理员 group-admin, 数据贡献者
# data contributor, 成员 member, 项目 project, 站点 station, 参数 parameter, 邀请 invitation, 仪表板 dashboard.
ZH_CN = {
    # Sign-in, tokens and permissions (every screen).
    "Sign-in required.": "需要登录。",
    "Sign-in required: a bearer token, or an organization API key in X-API-Key.":
        "需要登录：请提供 bearer 令牌，或在 X-API-Key 中提供组织的 API 密钥。",
    "An API key is taken only by a push of values (POST /wapi/{{projectId}}/ts); this route needs a bearer token: "
    "Authorization: Bearer <token>.":
        "API 密钥仅用于推送数值（POST /wapi/{{projectId}}/ts）；此路由需要 bearer 令牌：Authorization: Bearer <token>。",
    "You do not have permission to do this.": "您没有执行此操作的权限。",
    "You need to be a data contributor or group administrator of an organization to do this.":
        "您需要是某个组织的数据贡献者或组管理员才能执行此操作。",
    "You need to be a data contributor or group administrator of this organization.":
        "您需要是此组织的数据贡献者或组管理员。",
    "You need to be a group administrator of this organization.": "您需要是此组织的组管理员。",
    "You need to be a member of this organization.": "您需要是此组织的成员。",
    "Authorization header must be 'Bearer <token>'.": "Authorization 请求头必须为 'Bearer <token>'。",
    "Sign-in is not configured on this server.": "此服务器未配置登录。",
    "The identity provider cannot be reached to verify the token.": "无法连接身份提供方来验证令牌。",
    "Malformed token.": "令牌格式错误。",
    "Token algorithm not allowed.": "不允许使用该令牌的签名算法。",
    "Token has no key id.": "令牌缺少密钥 ID。",
    "Token expired.": "令牌已过期。",
    "This account has been deleted. Sign in again to start a new account.": "此账户已被删除。重新登录即可开始一个新账户。",
    "Token signed by an unknown key.": "令牌由未知密钥签名。",
    "Token audience not accepted.": "不接受该令牌的受众（audience）。",
    "Invalid token: {detail}": "令牌无效：{detail}",
    # The request itself, and the server.
    "An internal server error occurred.": "服务器内部错误。",
    "The data store is unavailable. Please try again shortly.": "数据存储暂时不可用，请稍后再试。",
    "The email could not be sent. Please try again later.": "无法发送电子邮件，请稍后再试。",
    "Request body must be a JSON object.": "请求正文必须是 JSON 对象。",
    "Request body must be valid JSON.": "请求正文必须是有效的 JSON。",
    "Request body must be valid JSON: a \\u escape names half of a character (a lone surrogate).":
        "请求正文必须是有效的 JSON：某个 \\u 转义只表示半个字符（孤立的代理项）。",
    "Request body nests too deeply to be read.": "请求正文嵌套过深，无法读取。",
    "Request body is too large. At most {megabytes} MB is accepted.": "请求正文过大：最多接受 {megabytes} MB。",
    "The request body is not valid multipart/form-data.": "请求正文不是有效的 multipart/form-data。",
    "Form field {name} must be UTF-8 text.": "表单字段 {name} 必须是 UTF-8 文本。",
    "Unknown query parameter: {name}. This route takes {names} and {last}.":
        "未知的查询参数：{name}。此路由接受 {names} 和 {last}。",
    "Unknown query parameter: {name}. This route takes only {allowed}.": "未知的查询参数：{name}。此路由只接受 {allowed}。",
    "Unknown query parameter: {name}. This route takes none.": "未知的查询参数：{name}。此路由不接受查询参数。",
    # Things that are not there (by the collection's name too: see the last group).
    "Station not found.": "未找到站点。",
    "Project not found.": "未找到项目。",
    "Activity not found.": "未找到活动。",
    "Parameter not found.": "未找到参数。",
    "Organization not found.": "未找到组织。",
    "Member not found.": "未找到成员。",
    "Invitation not found.": "未找到邀请。",
    "Dashboard not found.": "未找到仪表板。",
    "Widget not found.": "未找到小组件。",
    "The dashboard's widgets kept changing while this change was saved. Try again.":
        "保存此更改时仪表板的小组件一直在变化，请重试。",
    "Role not found.": "未找到角色。",
    "User not found.": "未找到用户。",
    "Import not found.": "未找到导入记录。",
    "Import source not found.": "未找到导入源。",
    "API key not found.": "未找到 API 密钥。",
    "Time series not found.": "未找到时间序列。",
    "Report not found.": "未找到报告。",
    "Page not found.": "未找到页面。",
    "Audit entry not found.": "未找到审计记录。",
    "Parameter group not found.": "未找到参数分组。",
    "Station type not found.": "未找到站点类型。",
    "Monitoring location type not found.": "未找到监测位置类型。",
    "Station already exists.": "站点已存在。",
    "Project already exists.": "项目已存在。",
    "Parameter already exists.": "参数已存在。",
    "Organization already exists.": "组织已存在。",
    "Dashboard already exists.": "仪表板已存在。",
    "Role already exists.": "角色已存在。",
    "User already exists.": "用户已存在。",
    "Import already exists.": "导入记录已存在。",
    "Audit entry already exists.": "审计记录已存在。",
    "Parameter group already exists.": "参数分组已存在。",
    "Station type already exists.": "站点类型已存在。",
    "Monitoring location type already exists.": "监测位置类型已存在。",
    # Organizations and their members (the organization's Members tab, its settings).
    "An organization needs at least one group administrator: make someone else a group administrator first.":
        "组织至少需要一名组管理员：请先将其他成员设为组管理员。",
    "Only group administrators can remove other members.": "只有组管理员可以移除其他成员。",
    "You cannot raise your own role.": "您不能提升自己的角色。",
    "You are not a member of that organization.": "您不是该组织的成员。",
    "You are not a group administrator of this organization.": "您不是此组织的组管理员。",
    "{email} is already a member of this organization.": "{email} 已是此组织的成员。",
    "{email} is already a system administrator.": "{email} 已是系统管理员。",
    "roleName is required: one of {roles}.": "请提供 roleName：{roles} 之一。",
    "Unknown role name {role}. Expected one of: {roles}.": "未知的角色名称 {role}，应为以下之一：{roles}。",
    "An organization with this id already exists.": "已存在使用此 ID 的组织。",
    "Organization name is required.": "请输入组织名称。",
    "Organization name must be at most 200 characters.": "组织名称最多 200 个字符。",
    "Project name must be at most {NAME_LIMIT} characters.": "项目名称最多 {NAME_LIMIT} 个字符。",
    "An organization with this name already exists.": "已存在同名的组织。",
    "The project's list kept changing while this change was saved. Try again.": "保存此更改时项目列表一直在变化，请重试。",
    "Organization name must be one line of text, without tabs or line breaks.": "组织名称必须是一行文本，不能包含制表符或换行。",
    "Another organization's WQX organization id is {name}; the Water Quality Portal services would not tell the two "
    "organizations apart. Choose another name.":
        "另一个组织的 WQX 组织 ID 是 {name}；水质门户（WQP）服务将无法区分这两个组织。请另选一个名称。",
    "Another organization of this portal is known as {value} (its name or its WQX organization id); the Water "
    "Quality Portal services would not tell the two organizations apart. Enter your organization's own WQX "
    "organization id.":
        "本门户的另一个组织以 {value} 为名（其名称或 WQX 组织 ID）；水质门户（WQP）服务将无法区分这两个组织。"
        "请输入您组织自己的 WQX 组织 ID。",
    "Only system administrators list deleted records.": "只有系统管理员可以列出已删除的记录。",
    "Request body must be valid JSON: NaN and Infinity are not numbers.": "请求正文必须是有效的 JSON：NaN 和 Infinity 不是数字。",
    "Not found: a part of the address is empty.": "未找到：地址中有一部分为空。",
    "A note's text must be text.": "笔记的内容必须是文本。",
    "A dashboard's widgets must be at most {MAX_DASHBOARD_BYTES} bytes in all: remove or shorten some.":
        "仪表板的小组件总共最多 {MAX_DASHBOARD_BYTES} 字节：请删除或缩短其中一些。",
    "The description must be at most 5,000 characters.": "简介最多 5,000 个字符。",
    "The contact must be at most 500 characters.": "联系方式最多 500 个字符。",
    "The website address must be at most 500 characters.": "网站地址最多 500 个字符。",
    "Unknown widget {component}. Expected one of: {known}.": "未知的小组件 {component}。应为以下之一：{known}。",
    "A widget's settings must be at most {MAX_CONFIG_BYTES} bytes.": "小组件的设置最多 {MAX_CONFIG_BYTES} 字节。",
    "A note must be at most {MAX_NOTE_CHARACTERS} characters.": "笔记最多 {MAX_NOTE_CHARACTERS} 个字符。",
    "The chart's station does not exist.": "图表的站点不存在。",
    "A chart's parameterIds must be a list of at most {limit} parameter ids.": "图表的 parameterIds 必须是最多 {limit} 个参数 ID 的列表。",
    "The chart's parameters do not exist: {ids}.": "图表的参数不存在：{ids}。",
    "A chart's parameterId must be a parameter id.": "图表的 parameterId 必须是参数 ID。",
    "The chart's {name} date must be a real date written YYYY-MM-DD.": "图表的 {name} 日期必须是真实的日期，格式为 YYYY-MM-DD。",
    "The chart's from date must not be after its to date.": "图表的开始日期（from）不能晚于结束日期（to）。",
    "You cannot grant or take away a role with permissions you do not hold: {names}.":
        "您不能授予或收回含有您自己没有的权限的角色：{names}。",
    "You cannot grant or take away permissions you do not hold: {names}.": "您不能授予或收回您自己没有的权限：{names}。",
    "You cannot change or delete a role with permissions you do not hold: {name}.":
        "您不能更改或删除含有您自己没有的权限的角色：{name}。",
    "You cannot change or delete a user who holds permissions you do not hold.": "您不能更改或删除拥有您所没有的权限的用户。",
    "Delete your own account from your profile, not from the list of users.": "请在个人资料中删除您自己的账户，而不是在用户列表中。",
    "The organization of this invitation no longer exists.": "此邀请所属的组织已不存在。",
    "The style address must be an http(s) address.": "样式地址必须是 http(s) 地址。",
    "The tile address must be an http(s) address.": "瓦片地址必须是 http(s) 地址。",
    "The website must be an http(s) address, such as https://example.org.":
        "网站必须是 http(s) 地址，例如 https://example.org。",
    "This person is not a member of the organization: invite them instead.": "此人不是该组织的成员：请改为邀请其加入。",
    "Unknown setting {key}. Known settings: {known}.": "未知的设置 {key}。已知的设置：{known}。",
    "Request body must be a JSON object with a value.": "请求正文必须是包含 value 的 JSON 对象。",
    "Setting key must be lower-case letters, digits and dashes.": "设置键只能包含小写字母、数字和连字符。",
    "Setting id is required: lower-case letters, digits and dashes.": "请提供设置 ID：只能包含小写字母、数字和连字符。",
    "Setting label must be text of at most 200 characters.": "设置标签必须是最多 200 个字符的文本。",
    "Setting value is required.": "请提供设置值。",
    "Setting value must be a JSON object.": "设置值必须是 JSON 对象。",
    "Setting value must be at most {bytes} bytes.": "设置值最多 {bytes} 字节。",
    "The tile address must hold {{z}}, {{x}} and {{y}} (for example https://tiles.example.org/{{z}}/{{x}}/{{y}}.png).":
        "瓦片地址必须包含 {{z}}、{{x}} 和 {{y}}（例如 https://tiles.example.org/{{z}}/{{x}}/{{y}}.png）。",
    "Set the WQX account first.": "请先设置 WQX 账户。",
    "WQX private key is required.": "请输入 WQX 私钥。",
    "The private key is not one WQX Web issues: copy the whole private key that WQX Web shows for this user.":
        "此私钥不是 WQX Web 签发的私钥：请完整复制 WQX Web 为此用户显示的私钥。",
    # The Test connection's answers (a 200's message: chalicelib/organizations/wqx.check_connection).
    "Connected to WQX Web as {user}.": "已以 {user} 身份连接到 WQX Web。",
    "WQX Web refused the user ID or private key: check them in WQX Web and save them again.":
        "WQX Web 拒绝了该用户 ID 或私钥：请在 WQX Web 中核对后重新保存。",
    "WQX Web answered with status {status}.": "WQX Web 返回了状态 {status}。",
    "WQX Web could not be reached ({reason}): try again later; if it goes on, tell the portal's administrators "
    "(Contact us).": "无法连接 WQX Web（{reason}）：请稍后再试；如果一直如此，请告知本门户的管理员（联系我们）。",
    "WQX Web answered with something other than JSON.": "WQX Web 的应答不是 JSON。",
    # Invitations (#/sts/invitation/{token}, the list of invitations).
    "This invitation link is not valid (it may have been replaced by a newer one).":
        "此邀请链接无效（可能已被更新的邀请链接取代）。",
    "This invitation was sent to another email address.": "此邀请是发给另一个电子邮件地址的。",
    "Your email address is not verified by your sign-in provider. Verify it there, sign in again, then open the "
    "invitation.": "您的登录服务商尚未验证您的电子邮件地址。请先在那里完成验证，重新登录，然后再打开邀请。",
    "This invitation was revoked.": "此邀请已被撤销。",
    "This invitation was revoked; send a new one instead.": "此邀请已被撤销，请改为发送新的邀请。",
    "This invitation was declined; send a new one instead.": "此邀请已被拒绝，请改为发送新的邀请。",
    "This invitation was {status}; send a new one instead.": "此邀请的状态为 {status}，请改为发送新的邀请。",
    "This invitation has expired. Ask a group administrator to send it again.": "此邀请已过期，请让组管理员重新发送。",
    "This invitation has already been accepted.": "此邀请已被接受。",
    "You accepted this invitation, but you are no longer a member of this organization. Ask its group "
    "administrators for a new invitation.":
        "您已接受此邀请，但您已不再是该组织的成员。请向其组管理员索取新的邀请。",
    "This invitation has already been accepted; it cannot be resent.": "此邀请已被接受，不能重新发送。",
    "You declined this invitation.": "您已拒绝此邀请。",
    "This invitation was already resent {count} times today. Try again tomorrow.":
        "此邀请今天已重新发送 {count} 次，请明天再试。",
    "An invitation to {email} is already open (sent {date}): resend it from the list of invitations instead.":
        "已有发给 {email} 的邀请尚未处理（发送于 {date}）：请在邀请列表中重新发送。",
    "An invitation to {email} is already open (sent {date}) with the role {role}: to offer {wanted} instead, revoke "
    "it in the list of invitations and invite again.":
        "已有发给 {email} 的邀请尚未处理（发送于 {date}），角色为 {role}：如需改为 {wanted}，请在邀请列表中撤销该邀请后重新邀请。",
    "Only group administrators can see invitations.": "只有组管理员可以查看邀请。",
    "Only group administrators of this organization can invite to it.": "只有此组织的组管理员可以邀请他人加入。",
    "Only system administrators can invite system administrators.": "只有系统管理员可以邀请系统管理员。",
    "Only group administrators of its organization (or the invitee) can revoke an invitation.":
        "只有邀请所属组织的组管理员（或受邀人）可以撤销邀请。",
    "Only group administrators of its organization can resend an invitation.": "只有邀请所属组织的组管理员可以重新发送邀请。",
    "Unknown status {status}. Expected one of: {statuses}.": "未知状态 {status}，应为以下之一：{statuses}。",
    "roleName needs an organizationId.": "指定 roleName 时还需要 organizationId。",
    # Projects, stations and parameters (an organization's and a project's tabs).
    "A project with the key {key} already exists in this organization.": "此组织中已存在标识为 {key} 的项目。",
    "A project named {name} already exists in this organization: choose another name.":
        "此组织中已存在名为 {name} 的项目：请另选一个名称。",
    "Project name must be one line of text, without tabs or line breaks.": "项目名称必须是一行文本，不能包含制表符或换行。",
    "Project key must not contain /, ?, #, % or \\.": "项目标识不能包含 /、?、#、% 或 \\。",
    "Project key holds a control character ({character}), such as a tab or a line break: remove it.":
        "项目标识包含控制字符（{character}），例如制表符或换行：请将其删除。",
    "Project key cannot be just . or .. (web addresses skip those).": "项目标识不能只是 . 或 ..（网址会忽略它们）。",
    "Role name must be one line of text, without tabs or line breaks.": "角色名称必须是一行文本，不能包含制表符或换行。",
    "The project kept changing while it was renamed. Try again.": "重命名时项目一直在变化，请重试。",
    "Invalid {kind}Ids. Array of ids expected": "{kind}Ids 无效：应为 ID 数组。",
    "A station with the identifier {identifier} already exists in this organization.":
        "此组织中已存在标识符为 {identifier} 的站点。",
    "A station with one of these identifiers already exists in this organization.": "此组织中已存在使用其中某个标识符的站点。",
    "Every station of a bulk create needs its own identifier.": "批量创建的每个站点都需要自己的标识符。",
    'Request body must be {{"bulk": [...]}} with at least one station.':
        '请求正文必须是 {{"bulk": [...]}}，且至少包含一个站点。',
    "Invalid stationIds. Unknown stations of this organization: {ids}": "stationIds 无效：此组织中没有以下站点：{ids}",
    "A parameter labelled {label} already exists.": "已存在名称为 {label} 的参数。",
    "Parameter label must be one line of text, without tabs or line breaks.": "参数名称必须是一行文本，不能包含制表符或换行。",
    "This period holds {count} values: at most {limit} are deleted at a time. Choose a shorter period.":
        "此时间段有 {count} 个数值：每次最多删除 {limit} 个。请选择更短的时间段。",
    "Values are recorded for the parameter {label}: a parameter with values cannot be deleted.":
        "参数 {label} 已有记录的数值：有数值的参数不能删除。",
    "Values of the parameter {label} are recorded in {unit}: its unit cannot be changed while it has values.":
        "参数 {label} 的数值以 {unit} 记录：有数值时不能更改其单位。",
    "Invalid parameterIds. Unknown parameters: {ids}": "parameterIds 无效：未知参数：{ids}",
    "Only system administrators can change shared parameters.": "只有系统管理员可以更改共享参数。",
    # Dashboards and widgets.
    "Please enter dashboard name.": "请输入仪表板名称。",
    "Dashboard named {name} already exists. Please try a different one.": "已存在名为 {name} 的仪表板，请换一个名称。",
    "Dashboard name must be at most {limit} characters.": "仪表板名称最多 {limit} 个字符。",
    "Dashboard icon must be text.": "仪表板图标必须是文本。",
    "A dashboard holds at most {count} widgets.": "一个仪表板最多容纳 {count} 个小组件。",
    "A widget needs a component name.": "小组件需要组件名称。",
    "Unknown widget: {names}.": "未知的小组件：{names}。",
    "Widget config must be an object.": "小组件配置必须是对象。",
    "Widget position needs numbers x, y, w and h from 0 to {MAX_POSITION}.":
        "小组件位置需要 x、y、w、h 四个数字，取值 0 到 {MAX_POSITION}。",
    "Positions must be an object keyed by widget id.": "位置必须是以小组件 ID 为键的对象。",
    # Users, roles, permissions and the profile (administration, #/profile).
    "A role named {name} already exists.": "已存在名为 {name} 的角色。",
    "Role name is required.": "请输入角色名称。",
    "Role name must be at most 80 characters.": "角色名称最多 80 个字符。",
    "Role description must be text of at most 5,000 characters.": "角色描述必须是最多 5,000 个字符的文本。",
    "Built-in roles cannot be changed.": "内置角色不能更改。",
    "Built-in roles cannot be deleted.": "内置角色不能删除。",
    "Permissions must be a list of permission ids or objects.": "权限必须是权限 ID 或权限对象的列表。",
    "Unknown permission: {names}.": "未知权限：{names}。",
    "You cannot change your own roles.": "您不能更改自己的角色。",
    "Roles must be a list of role ids or role objects.": "角色必须是角色 ID 或角色对象的列表。",
    "Every role must have an id.": "每个角色都必须有 ID。",
    "Unknown role: {names}.": "未知角色：{names}。",
    "A valid email address is required.": "请输入有效的电子邮件地址。",
    "A user with email {email} already exists.": "已存在电子邮件为 {email} 的用户。",
    "A new user has no id.": "新建用户时不能指定 ID。",
    "Name must be between 1 and 200 characters.": "名称长度应为 1 到 200 个字符。",
    "Unknown user fields: {fields}.": "未知的用户字段：{fields}。",
    "These profile fields cannot be changed: {fields}.": "以下个人资料字段不能更改：{fields}。",
    "Preferences must be an object.": "偏好设置必须是对象。",
    # Informational pages and Contact us.
    "The page text is required.": "请输入页面内容。",
    "The page text must be at most 100000 characters.": "页面内容最多 100000 个字符。",
    "Someone saved this page at the same moment. Reload it and try again.": "有人同时保存了此页面，请重新加载后再试。",
    "Someone else saved this page after you opened it: load it again to see their version.":
        "您打开此页面后，其他人保存了它：请重新加载以查看其版本。",
    # A change sent for a version no longer stored (If-Match: chalicelib/core/versions.py).
    "Someone else changed this station after you loaded it: load it again to see their change.":
        "您加载此站点后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this parameter after you loaded it: load it again to see their change.":
        "您加载此参数后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this project after you loaded it: load it again to see their change.":
        "您加载此项目后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this organization after you loaded it: load it again to see their change.":
        "您加载此组织后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this parameter group after you loaded it: load it again to see their change.":
        "您加载此参数组后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this station type after you loaded it: load it again to see their change.":
        "您加载此站点类型后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this monitoring location type after you loaded it: load it again to see their change.":
        "您加载此监测位置类型后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this role after you loaded it: load it again to see their change.":
        "您加载此角色后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this user after you loaded it: load it again to see their change.":
        "您加载此用户后，其他人更改了它：请重新加载以查看其更改。",
    "Someone else changed this WQX account after you loaded it: load it again to see their change.":
        "您加载此 WQX 账户后，其他人更改了它：请重新加载以查看其更改。",
    'If-Match must name versions as the ETag gives them, in double quotes ("2026-01-31T12:00:00.000Z").':
        'If-Match 必须按 ETag 给出的形式、用双引号写出版本（"2026-01-31T12:00:00.000Z"）。',
    "If-Match names at most {limit} versions.": "If-Match 最多列出 {limit} 个版本。",
    "This route makes its change without versions: send it without If-Match.": "此路由的更改不按版本进行：请不要带 If-Match 发送。",
    "Version {version} of this page not found.": "未找到此页面的第 {version} 版。",
    "Unknown language {language}. Use en or zh-CN.": "未知语言 {language}，请使用 en 或 zh-CN。",
    "You have sent 5 messages in the last hour. Please try again later.": "您在过去一小时内已发送 5 条留言，请稍后再试。",
    "Please enter your name (at most 200 characters).": "请输入您的姓名（最多 200 个字符）。",
    "Please write a message (at most 5000 characters).": "请填写留言（最多 5000 个字符）。",
    # The explorer's queries, station charts and reports (#/sts/overview, #/sts/report).
    "Invalid from. It must not be after to": "起始日期不能晚于结束日期。",
    "Invalid {start}. It must not be after {end}": "{start} 无效：不能晚于 {end}。",
    "Invalid {field}. ISO 8601 date expected (YYYY-MM-DD)": "{field} 无效：应为 ISO 8601 日期（YYYY-MM-DD）。",
    "Invalid {name}. ISO 8601 date expected (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)":
        "{name} 无效：应为 ISO 8601 日期（YYYY-MM-DD 或 YYYY-MM-DDTHH:MM:SSZ）。",
    "Invalid countyFips. Codes of 5 digits expected": "countyFips 无效：应为 5 位数字代码。",
    "Invalid stateFips. Codes of 1 or 2 digits expected": "stateFips 无效：应为 1 位或 2 位数字代码。",
    "Invalid huc. Codes of 2, 4, 6, 8, 10 or 12 digits expected": "huc 无效：应为 2、4、6、8、10 或 12 位数字代码。",
    "Unknown station query field: {names}. Known: {known}.": "未知的站点查询字段：{names}。可用字段：{known}。",
    "Invalid limit. At least 1 station per page expected": "limit 无效：每页至少应有 1 个站点。",
    "Invalid limit. Number from 1 to {max} expected": "limit 无效：应为 1 到 {max} 之间的数字。",
    "Invalid format. objects or columns expected": "format 无效：应为 objects 或 columns。",
    "Invalid bbox. [west, south, east, north] in degrees expected (west <= east, south <= north)":
        "bbox 无效：应为以度为单位的 [west, south, east, north]（west <= east，south <= north）。",
    "Invalid colorBy. A parameter id expected": "colorBy 无效：应为参数 ID。",
    "Invalid colorBy. Unknown parameter id: {id}": "colorBy 无效：未知的参数 ID：{id}",
    "Invalid rows. At most {count} rows expected": "rows 无效：最多 {count} 行。",
    "Invalid rows. Row numbers below {count} expected": "rows 无效：行号应小于 {count}。",
    "Snapshot {version} is no longer current (now {current}). Reload the station list.":
        "快照 {version} 已不是最新的（当前为 {current}），请重新加载站点列表。",
    "Name at least one stationId, projectId or organizationId.": "请至少指定 stationId、projectId 或 organizationId 之一。",
    "A report covers at most 2000 stations; this filter matches {count}. Narrow the filter.":
        "一份报告最多包含 2000 个站点；此筛选条件匹配 {count} 个站点，请缩小筛选范围。",
    "No station matches this filter.": "没有符合此筛选条件的站点。",
    "No station has these ids or identifiers: {unmatched}.": "找不到 ID 或标识符为以下值的站点：{unmatched}。",
    "The report is not ready yet.": "报告尚未生成完毕。",
    "The report could not be made. Please try again.": "无法生成该报告，请重试。",
    "The report was not started within 10 minutes. Please try again.": "该报告在 10 分钟内未能开始生成，请重试。",
    "The report is a PDF: ask for it with the header Accept: application/pdf.":
        "报告是 PDF 文件：请求时请带上请求头 Accept: application/pdf。",
    # Starting an import, cancelling it, and the column names of imported files (the project's Imports tab, the
    # organization's settings).
    "fileName must be at most 200 characters.": "fileName 最多 200 个字符。",
    "Unsupported file type. A CSV file ({suffixes}) expected": "不支持的文件类型：应为 CSV 文件（{suffixes}）。",
    "Invalid size. A positive number of bytes expected": "size 无效：应为正的字节数。",
    "Files up to 2 GB can be imported; split the file or compress it (.zip or .gz).":
        "最大可导入 2 GB 的文件，请拆分文件或将其压缩（.zip 或 .gz）。",
    "Invalid contentType. A media type such as text/csv expected": "contentType 无效：应为媒体类型，例如 text/csv。",
    "Invalid multipart. true or false expected": "multipart 无效：应为 true 或 false。",
    "Invalid timeZone. Use a WQX time zone code such as EST, CDT or UTC, or an offset from UTC such as UTC+08:00.":
        "timeZone 无效：请使用 WQX 时区代码（如 EST、CDT 或 UTC），或相对 UTC 的偏移（如 UTC+08:00）。",
    "timeZone is taken by data imports only, not by logger file imports.":
        "只有数据导入接受 timeZone，记录仪文件导入不接受。",
    "Invalid uploadId. The uploadId of this upload expected": "uploadId 无效：应为此次上传的 uploadId。",
    "This upload is no longer available (finished, or older than 7 days); send the file again.":
        "此次上传已不可用（已完成，或已超过 7 天），请重新发送文件。",
    "The parts sent do not make a file of the size given; send the file again.":
        "已发送的各部分拼不成所给大小的文件，请重新发送文件。",
    "Parts {shown} of {count} have not arrived yet; send them, then complete the upload.":
        "共 {count} 个部分中的第 {shown} 部分尚未收到；请发送这些部分，然后完成上传。",
    "Files larger than 5 MB are uploaded first (import-uploads), then imported by their uploadKey.":
        "大于 5 MB 的文件需先上传（import-uploads），再通过其 uploadKey 导入。",
    'Send the file as the form field file, or JSON {{"uploadKey": ...}} of an upload.':
        '请以表单字段 file 发送文件，或发送已上传文件的 JSON {{"uploadKey": ...}}。',
    "The form needs a file field with the file to import.": "表单需要一个包含要导入文件的 file 字段。",
    "Invalid uploadKey. It is not an upload of this project": "uploadKey 无效：它不是此项目上传的文件。",
    "No file was uploaded under this uploadKey (or its upload has not finished).":
        "此 uploadKey 下没有上传的文件（或上传尚未完成）。",
    "The import queue is unavailable. Please try again shortly.": "导入队列暂时不可用，请稍后再试。",
    "This import has already ended ({status}); only queued or running imports can be cancelled.":
        "此导入已结束（{status}）；只能取消排队中或正在导入的导入。",
    "This import has already ended; only queued or running imports can be cancelled.":
        "此导入已结束；只能取消排队中或正在导入的导入。",
    "This import has no feedback file: no row was rejected, or it has not finished.":
        "此导入没有反馈文件：没有被拒绝的行，或导入尚未结束。",
    'Request body must be a JSON object {{"their column": "our field"}}.':
        '请求正文必须是 JSON 对象 {{"their column": "our field"}}。',
    'Request body must be a JSON object {{"their column": "our field" or null}}.':
        '请求正文必须是 JSON 对象 {{"their column": "our field" 或 null}}。',
    "The column names kept changing while this change was saved. Try again.": "保存此更改期间，列名映射一直在变化。请重试。",
    "Unknown map service field {names}. A map service takes: {known}.": "未知的地图服务字段 {names}。地图服务可包含：{known}。",
    "tiles must be a list of tile addresses.": "tiles 必须是瓦片地址列表。",
    "Someone else changed this setting after you loaded it: load it again to see their change.":
        "您加载此设置后，其他人更改了它：请重新加载以查看其更改。",
    "A header map has at most {count} columns.": "导入文件的列名最多列出 {count} 列。",
    "Every mapped column needs a name of 1 to 200 characters.": "列出的每一列都需要 1 到 200 个字符的列名。",
    'Column {column}: a parameter column maps to {{"parameter": ..., "unit": ...}}.':
        '列 {column}：参数列应对应到 {{"parameter": ..., "unit": ...}}。',
    "Column {column}: a column name needs letters or digits, and no control or invisible characters.":
        "列 {column}：列名需要包含字母或数字，且不能含控制字符或不可见字符。",
    "Column {column}: the {name} must be at most {limit} characters, without control characters.":
        "列 {column}：{name} 最多 {limit} 个字符，且不能含控制字符。",
    "Columns {first} and {second} are one column to imports (case, spaces and punctuation aside): keep one.":
        "列 {first} 和 {second} 在导入时视为同一列（不计大小写、空格和标点）：请只保留一个。",
    'Column {column}: unknown field {field}. Map a column to one of: {fields}; or to a parameter with '
    '{{"parameter": ..., "unit": ...}}.': '列 {column}：未知字段 {field}。请将列对应到以下字段之一：{fields}；'
                                          '或用 {{"parameter": ..., "unit": ...}} 对应到某个参数。',
    # Import sources and API keys (the project's Logger data tab, the organization's settings).
    "url must be an http(s) address of at most 2,000 characters.": "网址必须是 http(s) 地址，最多 2,000 个字符。",
    "Only http and https URLs can be imported.": "只能导入 http 和 https 网址。",
    "A URL with a user name or password is not accepted; use a public address.": "不接受含用户名或密码的网址，请使用公开地址。",
    "The URL's port is not a number.": "网址的端口不是数字。",
    "The URL is not a valid web address: check its brackets and characters.": "该网址无效：请检查其中的括号和字符。",
    "The URL's host {hostname} is not a valid host name: use letters, digits, dots and hyphens.":
        "网址的主机 {hostname} 不是有效的主机名：请使用字母、数字、点和连字符。",
    "The URL holds a space or another blank; write a space as %20.": "网址中含有空格或其他空白字符；请将空格写为 %20。",
    # An import source's last result (the project's Logger data tab).
    "{size} bytes fetched; the import of {name} is queued.": "已获取 {size} 字节；{name} 的导入已排队。",
    "The source answered as at its last import.": "导入源的响应与上次导入时相同。",
    "{message} Next try at {when} UTC.": "{message}将于 {when}（UTC）重试。",
    "The source could not be reached: its HTTPS certificate could not be verified.":
        "无法连接导入源：其 HTTPS 证书无法验证。",
    "The source could not be reached: it did not answer within {seconds} s.": "无法连接导入源：它在 {seconds} 秒内没有应答。",
    "The source could not be reached: nothing answered at its address.": "无法连接导入源：其地址无人应答。",
    "The source could not be reached: {error}.": "无法连接导入源：{error}。",
    "The source answered HTTP {status} instead of a file.": "导入源返回了 HTTP {status}，而不是文件。",
    "The source's answer is larger than 256 MB.": "导入源的响应超过 256 MB。",
    "The source took longer than {seconds} s to answer.": "导入源的响应时间超过 {seconds} 秒。",
    "The source stopped answering: {error}.": "导入源中途停止响应：{error}。",
    "1 row imported.": "已导入 1 行。",
    "{rows} rows imported.": "已导入 {rows} 行。",
    # What an import that says nothing else did (the import screens' counts): values, or a station profile's stations.
    "1 value imported. {message}": "已导入 1 个值。{message}",
    "{imported} values imported. {message}": "已导入 {imported} 个值。{message}",
    "1 station imported (new or changed). {message}": "已导入 1 个站点（新建或更改）。{message}",
    "{imported} stations imported (new or changed). {message}": "已导入 {imported} 个站点（新建或更改）。{message}",
    "1 value imported.": "已导入 1 个值。",
    "{imported} values imported.": "已导入 {imported} 个值。",
    "1 station imported (new or changed).": "已导入 1 个站点（新建或更改）。",
    "{imported} stations imported (new or changed).": "已导入 {imported} 个站点（新建或更改）。",
    "1 value unchanged (already stored).": "1 个值未更改（已存在）。",
    "{unchanged} values unchanged (already stored).": "{unchanged} 个值未更改（已存在）。",
    "1 station unchanged (already stored).": "1 个站点未更改（已存在）。",
    "{unchanged} stations unchanged (already stored).": "{unchanged} 个站点未更改（已存在）。",
    "The host {host} cannot be found.": "找不到主机 {host}。",
    "The URL points at a private, loopback or link-local address; only public addresses can be imported.":
        "该网址指向私有、回环或链路本地地址；只能导入公开地址。",
    "name is required (1 to 100 characters).": "请输入名称（1 到 100 个字符）。",
    "name is required (1 to 100 characters): say which logger or script uses the key.":
        "请输入名称（1 到 100 个字符）：说明哪个记录仪或脚本使用此密钥。",
    # Large WQP answers written by the worker (/wqp/answers/{id}).
    "WQP answer not found.": "未找到该 WQP 查询结果。",
    "The WQP answer could not be written. Please ask for it again.": "无法生成该 WQP 查询结果，请重新查询。",
    "Invalid attempt. A whole number expected": "attempt 参数无效：应为整数。",
    # Large sample-value downloads written by the worker (/sampleValueAnswers/{id}).
    "Download of values not found.": "未找到该数值下载。",
    "The download of values could not be written. Please ask for it again.": "无法生成该数值下载，请重新下载。",
    # Large time-series downloads written by the worker (/wapi/ts/downloads/{id}).
    "Download of time series not found.": "未找到该时间序列下载。",
    "The download of time series could not be written. Please ask for it again.": "无法生成该时间序列下载，请重新下载。",
    # Imports (the project's Imports tab): what an import's log says, then a rejected row's reason. A
    # {message} inside another message is translated in turn; the messages that hold one come first, so that
    # a message that ends another is not taken for the whole.
    "Dry run: nothing was written. {message}": "仅检查：未写入任何数据。{message}",
    "Stopped after row {row}: {message}": "在第 {row} 行之后停止：{message}",
    # An import's summary sentences that others follow ({message}): before any template a longer summary would also
    # match (a leading placeholder takes in the sentences before its own).
    "Every row is written, but the summaries of its stations could not be updated yet: they are tried again in a few "
    "minutes, and until then the explorer and the station pages may show their counts and latest values as before. {message}":
        "所有行均已写入，但其站点的摘要暂未能更新：几分钟后将再次尝试，在此之前，“浏览数据”和站点页面可能仍显示之前的计数和最新值。{message}",
    "Every row is written, but the summaries of its stations could not be updated yet: they are tried again in a few "
    "minutes, and until then the explorer and the station pages may show their counts and latest values as before.":
        "所有行均已写入，但其站点的摘要暂未能更新：几分钟后将再次尝试，在此之前，“浏览数据”和站点页面可能仍显示之前的计数和最新值。",
    "1 value is outside the plausible range of its parameter (row {listed}): check it. {message}":
        "1 个数值超出其参数的合理范围（第 {listed} 行）：请检查。{message}",
    "{count} values are outside the plausible range of their parameter (rows {listed}): check them. {message}":
        "{count} 个数值超出其参数的合理范围（第 {listed} 行）：请检查。{message}",
    # Rows that give a time without a time zone (read as UTC), said after the values outside their range.
    "1 row gives a time without a time zone (row {listed}): its time would be read as UTC. If it is a local "
    "time, give its zone in {column} before importing. {message}":
        "1 行给出了时刻但没有时区（第 {listed} 行）：其时刻将按 UTC 读取。如果这是当地时间，请在导入前于 {column} 中给出时区。{message}",
    "1 row gives a time without a time zone (row {listed}): its time would be read as UTC. If it is a local "
    "time, give its zone in {column} before importing.":
        "1 行给出了时刻但没有时区（第 {listed} 行）：其时刻将按 UTC 读取。如果这是当地时间，请在导入前于 {column} 中给出时区。",
    "{count} rows give a time without a time zone (rows {listed}): their times would be read as UTC. If they "
    "are local times, give their zone in {column} before importing. {message}":
        "{count} 行给出了时刻但没有时区（第 {listed} 行）：其时刻将按 UTC 读取。如果这些是当地时间，请在导入前于 {column} 中给出时区。{message}",
    "{count} rows give a time without a time zone (rows {listed}): their times would be read as UTC. If they "
    "are local times, give their zone in {column} before importing.":
        "{count} 行给出了时刻但没有时区（第 {listed} 行）：其时刻将按 UTC 读取。如果这些是当地时间，请在导入前于 {column} 中给出时区。",
    "1 row gives a time without a time zone (row {listed}): its time was read as UTC. If it is a local time, "
    "delete its value (Delete values on its station's chart), give its zone in {column} and import it again. "
    "{message}":
        "1 行给出了时刻但没有时区（第 {listed} 行）：其时刻已按 UTC 读取。如果这是当地时间，请删除该数值（在其站点图表上使用“删除数值”），在 {column} 中给出时区后重新导入。{message}",
    "1 row gives a time without a time zone (row {listed}): its time was read as UTC. If it is a local time, "
    "delete its value (Delete values on its station's chart), give its zone in {column} and import it again.":
        "1 行给出了时刻但没有时区（第 {listed} 行）：其时刻已按 UTC 读取。如果这是当地时间，请删除该数值（在其站点图表上使用“删除数值”），在 {column} 中给出时区后重新导入。",
    "{count} rows give a time without a time zone (rows {listed}): their times were read as UTC. If they "
    "are local times, delete those values (Delete values on their station's chart), give their zone in {column} "
    "and import them again. {message}":
        "{count} 行给出了时刻但没有时区（第 {listed} 行）：其时刻已按 UTC 读取。如果这些是当地时间，请删除这些数值（在其站点图表上使用“删除数值”），在 {column} 中给出时区后重新导入。{message}",
    "{count} rows give a time without a time zone (rows {listed}): their times were read as UTC. If they "
    "are local times, delete those values (Delete values on their station's chart), give their zone in {column} "
    "and import them again.":
        "{count} 行给出了时刻但没有时区（第 {listed} 行）：其时刻已按 UTC 读取。如果这些是当地时间，请删除这些数值（在其站点图表上使用“删除数值”），在 {column} 中给出时区后重新导入。",
    "1 row gives a time without a time zone: its time was read as UTC. If it is a local time, delete its value, give "
    "its zone in {column} and import it again. {message}":
        "1 行给出了时刻但没有时区：其时刻已按 UTC 读取。如果这是当地时间，请删除该数值，在 {column} 中给出时区后重新导入。{message}",
    "{count} rows give a time without a time zone: their times were read as UTC. If they are local times, delete "
    "those values, give their zone in {column} and import them again. {message}":
        "{count} 行给出了时刻但没有时区：其时刻已按 UTC 读取。如果这些是当地时间，请删除这些数值，在 {column} 中给出时区后"
        "重新导入。{message}",
    "1 row gives a time without a time zone: its time would be read as UTC. If it is a local time, give its zone in "
    "{column} before importing. {message}":
        "1 行给出了时刻但没有时区：其时刻将按 UTC 读取。如果这是当地时间，请在导入前于 {column} 中给出时区。{message}",
    "{count} rows give a time without a time zone: their times would be read as UTC. If they are local times, give "
    "their zone in {column} before importing. {message}":
        "{count} 行给出了时刻但没有时区：其时刻将按 UTC 读取。如果这些是当地时间，请在导入前于 {column} 中给出时区。{message}",
    "1 row gives a time without a time zone: its time was read as UTC. If it is a local time, delete its value, give "
    "its zone in {column} and import it again.":
        "1 行给出了时刻但没有时区：其时刻已按 UTC 读取。如果这是当地时间，请删除该数值，在 {column} 中给出时区后重新导入。",
    "{count} rows give a time without a time zone: their times were read as UTC. If they are local times, delete "
    "those values, give their zone in {column} and import them again.":
        "{count} 行给出了时刻但没有时区：其时刻已按 UTC 读取。如果这些是当地时间，请删除这些数值，在 {column} 中给出时区后"
        "重新导入。",
    "1 row gives a time without a time zone: its time would be read as UTC. If it is a local time, give its zone in "
    "{column} before importing.":
        "1 行给出了时刻但没有时区：其时刻将按 UTC 读取。如果这是当地时间，请在导入前于 {column} 中给出时区。",
    "{count} rows give a time without a time zone: their times would be read as UTC. If they are local times, give "
    "their zone in {column} before importing.":
        "{count} 行给出了时刻但没有时区：其时刻将按 UTC 读取。如果这些是当地时间，请在导入前于 {column} 中给出时区。",
    "1 row was rejected (see the rejected rows); the others were imported. {message}":
        "1 行被拒绝（见被拒绝的行）；其余各行已导入。{message}",
    "{rejected} rows were rejected (see the rejected rows); the others were imported. {message}":
        "{rejected} 行被拒绝（见被拒绝的行）；其余各行已导入。{message}",
    "1 row was rejected (see the rejected rows); the others can be imported. {message}":
        "1 行被拒绝（见被拒绝的行）；其余各行可以导入。{message}",
    "{rejected} rows were rejected (see the rejected rows); the others can be imported. {message}":
        "{rejected} 行被拒绝（见被拒绝的行）；其余各行可以导入。{message}",
    "1 value is outside the plausible range of its parameter (row {listed}): check it.":
        "1 个数值超出其参数的合理范围（第 {listed} 行）：请检查。",
    "{count} values are outside the plausible range of their parameter (rows {listed}): check them.":
        "{count} 个数值超出其参数的合理范围（第 {listed} 行）：请检查。",
    # A wide file's row (a value per parameter column) some of whose values were rejected and others imported.
    "1 row was partly rejected (see the rejected rows): its other values were imported.":
        "1 行被部分拒绝（见被拒绝的行）：该行的其他数值已导入。",
    "{partly} rows were partly rejected (see the rejected rows): their other values were imported.":
        "{partly} 行被部分拒绝（见被拒绝的行）：这些行的其他数值已导入。",
    "1 row was partly rejected (see the rejected rows): its other values can be imported.":
        "1 行被部分拒绝（见被拒绝的行）：该行的其他数值可以导入。",
    "{partly} rows were partly rejected (see the rejected rows): their other values can be imported.":
        "{partly} 行被部分拒绝（见被拒绝的行）：这些行的其他数值可以导入。",
    "Dry run: nothing was written.": "仅检查：未写入任何数据。",
    "{column} is empty: {message}": "{column} 为空：{message}",
    "The file has a header but no rows.": "文件只有表头，没有数据行。",
    "No row could be imported: all {rejected} rows were rejected (see the rejected rows).":
        "没有可导入的行：全部 {rejected} 行均被拒绝（见被拒绝的行）。",
    "No row could be imported: the only row was rejected (see the rejected rows).":
        "没有可导入的行：唯一的一行被拒绝（见被拒绝的行）。",
    "{rejected} rows were rejected (see the rejected rows); the others were imported.":
        "{rejected} 行被拒绝（见被拒绝的行）；其余各行已导入。",
    "1 row was rejected (see the rejected rows); the others were imported.":
        "1 行被拒绝（见被拒绝的行）；其余各行已导入。",
    # A dry run writes nothing: the rows that passed could be imported.
    "{rejected} rows were rejected (see the rejected rows); the others can be imported.":
        "{rejected} 行被拒绝（见被拒绝的行）；其余各行可以导入。",
    "1 row was rejected (see the rejected rows); the others can be imported.":
        "1 行被拒绝（见被拒绝的行）；其余各行可以导入。",
    "Cancelled after {rows} rows; rows imported before stay.": "在 {rows} 行之后取消；此前已导入的行保留。",
    "The project was deleted, so the import stopped after {rows} rows; the values imported before stay with the "
    "organization's stations.": "项目已被删除，因此导入在 {rows} 行之后停止；此前导入的数值仍保留在该组织的站点中。",
    "The import failed repeatedly because of an internal error, not because of the file; please import it again "
    "later, and tell us through Contact us if it happens again.": "导入因内部错误多次失败，并非文件的问题：请稍后重新导入，"
                                                                  "如果再次发生，请通过“联系我们”告诉我们。",
    "The check failed repeatedly because of an internal error, not because of the file; please check it again "
    "later, and tell us through Contact us if it happens again.": "检查因内部错误多次失败，并非文件的问题：请稍后重新检查，"
                                                                 "如果再次发生，请通过“联系我们”告诉我们。",
    "The archive expands to more than {ratio} times its size: it looks like a zip bomb, so it is not imported.":
        "压缩包解压后超过其大小的 {ratio} 倍，疑似压缩炸弹，因此不予导入。",
    "The uploaded file could not be read (the connection kept breaking); import it again.":
        "无法读取上传的文件（连接不断中断），请重新导入。",
    "The compressed file is damaged or incomplete; compress it again and import it.":
        "压缩文件已损坏或不完整，请重新压缩后导入。",
    "The zip archive is damaged or incomplete; create it again and import it.":
        "zip 压缩包已损坏或不完整，请重新创建后导入。",
    "A zip archive must hold exactly one CSV file; this one holds {count} files.":
        "zip 压缩包必须只包含一个 CSV 文件；此压缩包包含 {count} 个文件。",
    "The zip archive is encrypted; import the CSV file itself.": "zip 压缩包已加密，请直接导入 CSV 文件。",
    "The zip archive uses a compression this product does not read; use a plain zip.":
        "zip 压缩包使用了本产品无法读取的压缩方式，请使用普通 zip。",
    "The file holds binary data (or UTF-16 text), not CSV text: save it as CSV (UTF-8) and import it again.":
        "文件包含二进制数据（或 UTF-16 文本），不是 CSV 文本：请另存为 CSV（UTF-8）后重新导入。",
    "The file is empty.": "文件为空。",
    "The file is empty. Choose a file with a header row and data rows.": "文件为空。请选择包含表头行和数据行的文件。",
    "The first line is longer than 1 MB, so it is not a CSV header; the first line must name the columns.":
        "第一行超过 1 MB，不是 CSV 表头；第一行必须是列名。",
    "The first line of the file is not a CSV header.": "文件的第一行不是 CSV 表头。",
    "The first line of the file is empty; it must name the columns.": "文件的第一行为空；它必须是列名。",
    "The header holds characters that are not UTF-8 or Windows-1252 text; save the file as UTF-8.":
        "表头包含非 UTF-8 或 Windows-1252 文本的字符，请将文件另存为 UTF-8。",
    "A row after row {row} is longer than {size} MB (or a quote is never closed); such rows are not data. Check the "
    "quotes of the file.": "第 {row} 行之后的某一行超过 {size} MB（或引号未闭合），这样的行不是数据。请检查文件中的引号。",
    "A quoted cell after row {row} is never closed; check the quotes of the file.":
        "第 {row} 行之后有一个带引号的单元格未闭合，请检查文件中的引号。",
    "The file cannot be read as CSV after row {row}: {detail}": "第 {row} 行之后的内容无法作为 CSV 读取：{detail}",
    "The file is not text.": "文件不是文本。",
    "The uploaded file is no longer there; upload it again.": "上传的文件已不存在，请重新上传。",
    "The uploaded file changed or went away while it was imported; upload it again.":
        "上传的文件在导入过程中被更改或删除，请重新上传。",
    "The header names the column {column} twice; every column needs its own name.":
        "表头中列 {column} 出现了两次；每一列都需要自己的名称。",
    "The header has a single column: the file is not comma-, tab- or semicolon-separated text, or it is not a CSV "
    "file.": "表头只有一列：文件不是以逗号、制表符或分号分隔的文本，或者不是 CSV 文件。",
    "The file lacks columns a {format} file needs: {names}.": "文件缺少 {format} 文件所需的列：{names}。",
    # The import formats' names ({format} above).
    # As the import screen's format list names them (frontend/src/features/imports/locales/zh-CN.ts).
    "Water Quality Portal result profile (WQX 2 columns)": "WQP 结果表（WQX 2 列名）",
    "Water Quality Portal result profile (WQX 3 columns)": "WQP 结果表（WQX 3 列名）",
    "Water Quality Portal station profile": "WQP 站点表",
    "Open Water Data template": "Open Water Data 模板",
    "The columns of the file match no format this product imports (Water Quality Portal result or station profile, "
    "or the template). The closest, the {format}, needs these missing columns: {names}.":
        "文件的列不符合本产品可导入的任何格式（WQP 结果表或站点表，或模板）。最接近的格式 {format} "
        "缺少以下列：{names}。",
    "every value needs its station.": "每个数值都需要其站点。",
    "every value needs its parameter.": "每个数值都需要其参数。",
    "every value needs its date.": "每个数值都需要其日期。",
    "every station needs its identifier.": "每个站点都需要其标识符。",
    "every station needs its name.": "每个站点都需要其名称。",
    "every station needs its latitude.": "每个站点都需要其纬度。",
    "every station needs its longitude.": "每个站点都需要其经度。",
    "{column} is longer than {limit} characters.": "{column} 超过 {limit} 个字符。",
    "{column} holds characters that are not {encoding} text (the file mixes encodings); save the file as UTF-8 and "
    "import it again.": "{column} 包含非 {encoding} 文本的字符（文件混用了多种编码），请将文件另存为 UTF-8 后重新导入。",
    "{column} holds a control character ({character}), such as a tab, a line break or NUL; remove it and import "
    "again.": "{column} 包含控制字符（{character}），例如制表符、换行符或 NUL；请删除后重新导入。",
    "{column} holds a control character ({character}), such as NUL; it may hold tabs and line breaks but no other "
    "control characters: remove it and import again.":
        "{column} 包含控制字符（{character}），例如 NUL；此列可以包含制表符和换行符，但不能包含其他控制字符：请删除后重新导入。",
    "{column} '{value}' looks like a spreadsheet formula; formulas are not imported.":
        "{column} '{value}' 看起来像电子表格公式；公式不予导入。",
    "{column} '{value}' is not a date: use YYYY-MM-DD or M/D/YYYY (two-digit years 69-99 are 1969-1999, 00-68 are "
    "2000-2068).": "{column} '{value}' 不是日期：请使用 YYYY-MM-DD 或 M/D/YYYY（两位数年份 69-99 表示 1969-1999，"
                   "00-68 表示 2000-2068）。",
    "{column} '{value}' is not a time of day: use HH:MM or HH:MM:SS.": "{column} '{value}' 不是时刻：请使用 HH:MM 或 HH:MM:SS。",
    "Unknown time zone '{value}': use a WQX time zone code such as EST, CDT or UTC, or an offset from UTC such as "
    "UTC+08:00.": "未知时区 '{value}'：请使用 WQX 时区代码（例如 EST、CDT 或 UTC），或相对 UTC 的偏移（例如 UTC+08:00）。",
    "Time zone '{zone}' is {offset}, but station '{station}' is at longitude {longitude}, where clocks read about "
    "{solar}: write the zone its times were read in, such as UTC+08:00 for China (CST is US Central Standard Time).":
        "时区 '{zone}' 为 {offset}，但站点 '{station}' 位于经度 {longitude}，当地时钟约为 {solar}：请填写读取时间时所用的"
        "时区，例如中国填写 UTC+08:00（CST 是美国中部标准时间）。",
    "{column} '{value}' is not a number; a result such as ND needs a detection condition ({label}).":
        "{column} '{value}' 不是数字；ND 之类的结果需要检测条件（{label}）。",
    "{column} '{value}' is not a number: for a result beyond a detection limit, write ND (or leave the value empty) "
    "and name the condition, such as Not Detected, in {label}.":
        "{column} '{value}' 不是数字：超出检测限的结果请写 ND（或留空），并在 {label} 中写明检测条件，例如 Not Detected。",
    "{column} '{value}' is not a number: write it with a decimal point and no thousands separator (1234.5, not "
    "1234,5 or 1,234.5).": "{column} '{value}' 不是数字：请使用小数点且不要千位分隔符（写 1234.5，而不是 1234,5 或 1,234.5）。",
    "{column} '{value}' is a spreadsheet formula, not a number: write the value itself.":
        "{column} '{value}' 是电子表格公式，不是数字：请直接写出数值。",
    "{column} '{value}' is not a date: that month has no such day.": "{column} '{value}' 不是日期：该月没有这一天。",
    "Every row of this import is written; it is updating the summaries and can no longer be cancelled.":
        "此导入的所有行均已写入，正在更新汇总，已无法取消。",
    "This result is stored already in the project '{project}' (activity {activity}); import it into that project, "
    "or give it an activity identifier no other project uses.":
        "此结果已保存在项目“{project}”中（活动 {activity}）；请将其导入该项目，或为其指定其他项目未使用的活动标识符。",
    "This result is stored already in the project '{project}'; import it into that project.":
        "此结果已保存在项目“{project}”中；请将其导入该项目。",
    "{column} '{value}' is not a date: there is no such month (use YYYY-MM-DD or M/D/YYYY (two-digit years 69-99 are "
    "1969-1999, 00-68 are 2000-2068)).": "{column} '{value}' 不是日期：没有这个月份（请使用 YYYY-MM-DD 或 M/D/YYYY，"
                                          "两位数年份 69-99 表示 1969-1999，00-68 表示 2000-2068）。",
    "{column} '{value}' is not a date this portal takes: the year must be 1800 or later.":
        "{column} '{value}' 不是本门户接受的日期：年份须为 1800 年或之后。",
    "{column} '{value}' is more than 2 days in the future: a result is dated when its sample was taken (two-digit "
    "years 00-68 are 2000-2068).": "{column} '{value}' 比今天晚 2 天以上：结果的日期是采样的日期（两位数年份 00-68 "
                                   "表示 2000-2068）。",
    "{column} is empty and there is no detection condition ({label}).": "{column} 为空，且没有检测条件（{label}）。",
    "Unknown station type '{value}': use the key of a station type (GET /stationTypes).":
        "未知的站点类型 '{value}'：请使用站点类型的键（GET /stationTypes）。",
    "Unknown horizontal datum '{value}': use a WQX datum code such as NAD83, WGS84 or NAD27.":
        "未知的水平基准 '{value}'：请使用 WQX 基准代码，例如 NAD83、WGS84 或 NAD27。",
    # A station's elevation and drainage areas: the API names the field, an import the column.
    "Unknown {name} '{value}': use ft, feet, m or meters.": "未知的 {name} '{value}'：请使用 ft、feet、m 或 meters。",
    "Unknown {name} '{value}': use sq mi, acres, sq km or ha.":
        "未知的 {name} '{value}'：请使用 sq mi、acres、sq km 或 ha。",
    "{name} '{value}' has no unit: give it in {unit} (ft, feet, m or meters).":
        "{name} '{value}' 没有单位：请在 {unit} 中给出（ft、feet、m 或 meters）。",
    "{name} '{value}' has no unit: give it in {unit} (sq mi, acres, sq km or ha).":
        "{name} '{value}' 没有单位：请在 {unit} 中给出（sq mi、acres、sq km 或 ha）。",
    "{column} '{value}' is not a number: write it as a number, such as 160, and its unit in {label}.":
        "{column} '{value}' 不是数字：请写成数字（例如 160），并在 {label} 中写明单位。",
    "Unknown unit '{value}': use a WQX unit code such as mg/L, deg C or uS/cm.":
        "未知单位 '{value}'：请使用 WQX 单位代码，例如 mg/L、deg C 或 uS/cm。",
    "Unknown activity type '{value}': use a WQX activity type such as Field Msr/Obs or Sample-Routine.":
        "未知活动类型 '{value}'：请使用 WQX 活动类型，例如 Field Msr/Obs 或 Sample-Routine。",
    "Activity type '{value}' needs an analytical method ({label}).": "活动类型 '{value}' 需要分析方法（{label}）。",
    "Repeats row {row}: the same station, parameter, time, activity, fraction and depth.":
        "与第 {row} 行重复：站点、参数、时间、活动、样品组分和深度均相同。",
    "{column} '{value}' is not a latitude (a number from -90 to 90).": "{column} '{value}' 不是纬度（-90 到 90 之间的数字）。",
    "{column} '{value}' is east of Greenwich, but {state_column} {state} is a place west of it: write a west longitude "
    "with a minus sign ({fixed}).": "{column} '{value}' 位于格林尼治以东，但 {state_column} {state} 位于其以西：西经请加负号"
                                     "（{fixed}）。",
    "{column} '{value}' is south of the equator, but {state_column} {state} is a place north of it: write a north "
    "latitude without a minus sign ({fixed}).": "{column} '{value}' 位于赤道以南，但 {state_column} {state} 位于赤道以北："
                                               "北纬请不要加负号（{fixed}）。",
    "{column} '{value}' is not a longitude (a number from -180 to 180).":
        "{column} '{value}' 不是经度（-180 到 180 之间的数字）。",
    "{column} '{value}' is not a hydrologic unit code of 8 digits.": "{column} '{value}' 不是 8 位水文单元代码。",
    "{column} '{value}' is not a state FIPS code (1 or 2 digits).": "{column} '{value}' 不是州 FIPS 代码（1 或 2 位数字）。",
    "{column} '{value}' is not a county FIPS code (1 to 3 digits).": "{column} '{value}' 不是县 FIPS 代码（1 到 3 位数字）。",
    "Repeats the station of row {row}.": "与第 {row} 行的站点重复。",
    "A row has {found} cells where the header has {expected}: {text}. Check its delimiters and quotes.":
        "某行有 {found} 个单元格，而表头有 {expected} 列：{text}。请检查其分隔符和引号。",
    "The file seems to end in the middle of this row (it has {found} cells where the header has {expected}): the "
    "file may be incomplete; upload it again.":
        "文件似乎在此行中间结束（此行有 {found} 个单元格，而表头有 {expected} 列）：文件可能不完整，请重新上传。",
    "Station '{station}' belongs to another organization; import it into a project of that organization.":
        "站点 '{station}' 属于其他组织，请将其导入该组织的项目。",
    "Unknown station '{station}': create it first, or give its location in {latitude} and {longitude}.":
        "未知站点 '{station}'：请先创建该站点，或在 {latitude} 和 {longitude} 中给出其位置。",
    "Nothing changed: the only row was already stored as the file gives it.": "没有任何变化：唯一的一行已按文件所写存储。",
    "Nothing changed: all {unchanged} rows were already stored as the file gives them.":
        "没有任何变化：全部 {unchanged} 行都已按文件所写存储。",
    "Unknown station '{station}': import its station first (a station file, such as the Water Quality Portal's Station "
    "profile), or add {latitude} and {longitude} columns with its location.":
        "未知站点 '{station}'：请先导入其站点（站点文件，例如水质门户的 Station 数据），或添加 {latitude} 和 {longitude} "
        "列并给出其位置。",
    "Unknown station '{station}': its location is given on row {row}, which was rejected; fix that row and import "
    "the rejected rows again.": "未知站点 '{station}'：其位置在第 {row} 行给出，但该行被拒绝；请修正该行，然后重新导入被拒绝的行。",
    "{column} '{value}' is not a number: use a point as the decimal separator ({fixed}).":
        "{column} '{value}' 不是数字：请用小数点作小数分隔符（{fixed}）。",
    "{column} '{value}' is not a number: leave the cell empty if nothing was measured, or import results below "
    "detection in the long layout, with a {label} column.":
        "{column} '{value}' 不是数字：未测量时请将单元格留空；低于检测限的结果请以长格式导入，并使用 {label} 列。",
    "{column} '{value}' is not a number: a parameter's column takes numbers only; import results beyond a detection "
    "limit in the long layout, with a {label} column.":
        "{column} '{value}' 不是数字：参数列只接受数字；超出检测限的结果请以长格式导入，并使用 {label} 列。",
    "Unit '{unit}' differs from the parameter's unit '{expected}' and cannot be converted: give the value in "
    "{expected}, or import it as a parameter of its own.":
        "单位 '{unit}' 与参数的单位 '{expected}' 不同，且无法换算：请以 {expected} 给出数值，或将其作为单独的参数导入。",
    # Detection limits (a result's, or a detection-limit file's rows).
    "{column} '{value}' is not a number: write the detection limit as a number, such as 0.5, and its unit in {label}.":
        "{column} '{value}' 不是数字：请将检测限写为数字（例如 0.5），并在 {label} 中写明其单位。",
    "every limit needs the activity of its result.": "每个检测限都需要其结果所属的活动。",
    "every row needs its detection limit.": "每一行都需要给出检测限。",
    "No result of activity '{activity}' and parameter '{parameter}' is stored at station '{station}' in this project: "
    "import the results first.": "本项目中站点 '{station}' 没有保存活动 '{activity}'、参数 '{parameter}' 的结果：请先导入这些结果。",
    "Water Quality Portal detection limit profile": "WQP 检测限表",
    # Time-series (logger) files, imported the same way (the project's Logger data tab).
    "The file is JSON, not the {layout} CSV layout; import it as usgs-json.":
        "该文件是 JSON，不是 {layout} CSV 布局；请以 usgs-json 导入。",
    "The file is CSV, not USGS Water Services JSON; import it as ts-wide or ts-long.":
        "该文件是 CSV，不是 USGS Water Services JSON；请以 ts-wide 或 ts-long 导入。",
    "The {layout} layout needs a column for {columns} (e.g. {examples}); the header has: {header}.":
        "{layout} 布局需要 {columns} 列（例如 {examples}）；表头中有：{header}。",
    "The wide logger layout needs at least one value column besides station and time.":
        "宽格式记录仪布局除站点和时间外，至少还需要一个数值列。",
    "The file is not valid JSON: it breaks off or is damaged at character {position}.":
        "该文件不是有效的 JSON：在第 {position} 个字符处中断或损坏。",
    "The JSON is not a USGS Water Services answer (value.timeSeries is missing).":
        "该 JSON 不是 USGS Water Services 的响应（缺少 value.timeSeries）。",
    "A zip archive must hold exactly one file; this one holds {count}.": "zip 压缩包必须只包含一个文件；此压缩包包含 {count} 个。",
    "The file in the archive is larger than 256 MB; split it.": "压缩包中的文件超过 256 MB，请拆分。",
    "Time-series files up to 256 MB can be imported; split it.": "时间序列文件最大可导入 256 MB，请拆分。",
    "The parameter is empty.": "参数为空。",
    "Column {number} of the header holds a control character ({character}); remove it and import again.":
        "表头第 {number} 列包含控制字符（{character}）；请删除后重新导入。",
    "A row has {found} cells where the header has {expected}. Check its delimiters and quotes.":
        "某行有 {found} 个单元格，而表头有 {expected} 列。请检查其分隔符和引号。",
    "The station is empty.": "站点为空。",
    "Unknown time zone {zone}: use an offset such as -05:00, or a name such as America/New_York.":
        "未知时区 {zone}：请使用偏移量（例如 -05:00）或时区名称（例如 America/New_York）。",
    "The time is empty.": "时间为空。",
    "The time {value} is not a date and time such as 2024-05-01T12:00:00Z.":
        "时间 {value} 不是日期时间（例如 2024-05-01T12:00:00Z）。",
    "The time {value} has no time zone and the file gives none: add an offset (e.g. 2024-05-01T12:00:00-05:00 or Z) "
    "or a time zone column.": "时间 {value} 没有时区，文件中也未给出：请添加偏移量（例如 2024-05-01T12:00:00-05:00 或 Z）"
                              "或时区列。",
    "The time {value} has no time zone and its {column} cell is blank: fill it in, or add an offset to the time (e.g. "
    "2024-05-01T12:00:00-05:00 or Z).": "时间 {value} 没有时区，且其 {column} 单元格为空：请填写该单元格，或在时间中添加"
                                        "偏移量（例如 2024-05-01T12:00:00-05:00 或 Z）。",
    "{column}: {value} is not a number.": "{column}：{value} 不是数字。",
    "{value} is not a number.": "{value} 不是数字。",
    "Time series {index} lacks its site or variable; it is skipped.": "时间序列 {index} 缺少站点或变量，已跳过。",
    "The time {value} is before 1800 (in UTC), the earliest time this portal takes.":
        "时间 {value} 早于 1800 年（按 UTC），本门户不接受更早的时间。",
    "The time {value} is more than 2 days in the future: check the logger's clock and time zone.":
        "时间 {value} 比现在晚 2 天以上：请检查记录仪的时钟和时区。",
    "Unknown station '{identifier}': create it first (its {count} values were not imported).":
        "未知站点 '{identifier}'：请先创建该站点（其 {count} 个数值未导入）。",
    "Unknown station '{identifier}': create it first (its only value was not imported).":
        "未知站点 '{identifier}'：请先创建该站点（其唯一的数值未导入）。",
    "The file has no values.": "文件中没有数值。",
    "The import stopped.": "导入已停止。",
    "The import stopped because of an internal error; please try again later, and tell us if it happens again.":
        "导入因内部错误而停止，请稍后再试；如果再次发生，请告诉我们。",
    # What a time-series import's log says (chalicelib/timeseries/importer.py summary): its sentences in this
    # order, each followed by the next ({message}), so a sentence's number never takes in the sentences before it.
    "1 value of 1 series read. {message}": "已读取 1 个序列的 1 个数值。{message}",
    "1 value of 1 series read.": "已读取 1 个序列的 1 个数值。",
    "1 value of 1 series read (already stored). {message}": "已读取 1 个序列的 1 个数值（已存储）。{message}",
    "1 value of 1 series read (already stored).": "已读取 1 个序列的 1 个数值（已存储）。",
    "{read} values of {series} series read. {message}": "已读取 {series} 个序列的 {read} 个数值。{message}",
    "{read} values of {series} series read.": "已读取 {series} 个序列的 {read} 个数值。",
    "{read} values of {series} series read ({unchanged} already stored). {message}":
        "已读取 {series} 个序列的 {read} 个数值（其中 {unchanged} 个已存储）。{message}",
    "{read} values of {series} series read ({unchanged} already stored).":
        "已读取 {series} 个序列的 {read} 个数值（其中 {unchanged} 个已存储）。",
    "1 duplicate time in the file: the last value was kept. {message}": "文件中有 1 个重复时间：保留了最后一个数值。{message}",
    "1 duplicate time in the file: the last value was kept.": "文件中有 1 个重复时间：保留了最后一个数值。",
    "{duplicates} duplicate times in the file: the last value of each was kept. {message}":
        "文件中有 {duplicates} 个重复时间：每个时间保留最后一个数值。{message}",
    "{duplicates} duplicate times in the file: the last value of each was kept.":
        "文件中有 {duplicates} 个重复时间：每个时间保留最后一个数值。",
    "1 value is outside its parameter's plausible range: stored and flagged. {message}":
        "1 个数值超出其参数的合理范围：已存储并标记。{message}",
    "1 value is outside its parameter's plausible range: stored and flagged.": "1 个数值超出其参数的合理范围：已存储并标记。",
    "{flagged} values are outside their parameter's plausible range: stored and flagged. {message}":
        "{flagged} 个数值超出其参数的合理范围：已存储并标记。{message}",
    "{flagged} values are outside their parameter's plausible range: stored and flagged.":
        "{flagged} 个数值超出其参数的合理范围：已存储并标记。",
    "1 row was rejected (see the rejected rows).": "1 行被拒绝（见被拒绝的行）。",
    "{rejected} rows were rejected (see the rejected rows).": "{rejected} 行被拒绝（见被拒绝的行）。",
    # Time series (logger data): reading them, and pushing them with an API key.
    "Name a series, or a stationId, projectId or organizationId.":
        "请指定 series，或 stationId、projectId、organizationId 之一。",
    "series is required (a series id from wapi/ts/list).": "请提供 series（来自 wapi/ts/list 的序列 ID）。",
    "Invalid {name}. An ISO 8601 date or time expected": "{name} 无效：应为 ISO 8601 日期或时间。",
    "This API key belongs to another organization; it can only push to that organization's projects.":
        "此 API 密钥属于其他组织，只能向该组织的项目推送数据。",
    "The API key is not valid (unknown, revoked or mistyped).": "API 密钥无效（未知、已撤销或输入有误）。",
    'Request body must be a JSON object {{"series": [{{stationId, parameterId, unit, values: [[time, value, '
    'qualifier?], ...]}}]}}.': '请求正文必须是 JSON 对象 {{"series": [{{stationId, parameterId, unit, values: '
                               '[[time, value, qualifier?], ...]}}]}}。',
    "A push takes at most {limit} values; this one has {total}. Split it.":
        "一次推送最多 {limit} 个数值；此次有 {total} 个，请拆分。",
    "A push takes at most {limit} series; this one has {total}. Split it.":
        "一次推送最多 {limit} 个序列；本次有 {total} 个。请拆分后推送。",
    # What a push says of each value or series it refused (its answer's rejections; chalicelib/timeseries/push.py).
    "a series is an object {{stationId or stationIdentifier, parameter, unit, values}}":
        "序列须是一个对象 {{stationId 或 stationIdentifier、parameter、unit、values}}",
    "a series needs values: [[time, value, qualifier?], ...]": "序列需要 values：[[time, value, qualifier?], ...]",
    "all {count} values rejected: {message}": "全部 {count} 个数值被拒绝：{message}",
    "station {value} is not a station of this project's organization": "站点 {value} 不是此项目所属组织的站点",
    "unknown field {name}: a series takes {fields}": "未知字段 {name}：序列可用的字段为 {fields}",
    "needs stationId or stationIdentifier": "需要 stationId 或 stationIdentifier",
    "unknown station {identifier}: create it first": "未知站点 {identifier}：请先创建该站点",
    "unknown parameterId {value}": "未知的 parameterId {value}",
    "needs parameterId or parameter (its name)": "需要 parameterId 或 parameter（参数名称）",
    "{name} must be text of at most {limit} characters": "{name} 必须是最多 {limit} 个字符的文本",
    "a value is [time, value] or [time, value, qualifier]": "数值须为 [time, value] 或 [time, value, qualifier]",
    "needs a time (ISO 8601 with a zone, e.g. 2024-05-01T12:00:00Z)":
        "需要时间（带时区的 ISO 8601 时间，例如 2024-05-01T12:00:00Z）",
    "time {value} is not an ISO 8601 time": "时间 {value} 不是 ISO 8601 时间",
    "time {value} has no time zone: add Z (UTC) or an offset such as -05:00":
        "时间 {value} 没有时区：请添加 Z（UTC）或偏移量（例如 -05:00）",
    "time {value} is before 1800 (in UTC), the earliest time this portal takes":
        "时间 {value} 早于 1800 年（按 UTC），本门户不接受更早的时间",
    "time {value} is more than 2 days in the future: check the logger's clock and time zone":
        "时间 {value} 比现在晚 2 天以上：请检查记录仪的时钟和时区",
    "value {value} is not a number": "数值 {value} 不是数字",
    "value is too large to be stored (a value is at most about ±1.8e308)": "数值过大，无法存储（数值最大约为 ±1.8e308）",
    "a qualifier is text of at most 20 characters": "限定符须是最多 20 个字符的文本",
    # Hydrologic units: GeoJSON files uploaded by system administrators, and the point lookup.
    "A GeoJSON file is required in the form field file.": "表单字段 file 中需要一个 GeoJSON 文件。",
    "The file is larger than the upload limit of {size}.": "文件超过了 {size} 的上传上限。",
    "The file is not valid GeoJSON: it is not UTF-8 text.": "文件不是有效的 GeoJSON：不是 UTF-8 文本。",
    "The file is not valid GeoJSON: it is nested too deeply.": "文件不是有效的 GeoJSON：嵌套层级过深。",
    "The file is not valid GeoJSON: {detail}": "文件不是有效的 GeoJSON：{detail}",
    "The GeoJSON must be a FeatureCollection or a Feature.": "GeoJSON 必须是 FeatureCollection 或 Feature。",
    "The FeatureCollection must have a list of features.": "FeatureCollection 必须有 features 列表。",
    "The FeatureCollection has no features.": "FeatureCollection 中没有要素。",
    "Feature {index}: must be a GeoJSON Feature.": "要素 {index}：必须是 GeoJSON Feature。",
    "Feature {index}: properties must be an object.": "要素 {index}：properties 必须是对象。",
    "Feature {index}: geometry must be a Polygon or MultiPolygon.": "要素 {index}：几何类型必须是 Polygon 或 MultiPolygon。",
    "Feature {index}: geometry coordinates must be a list of polygons.": "要素 {index}：几何坐标必须是多边形列表。",
    "Feature {index}: {where}coordinates must be a list of linear rings.": "要素 {index}：{where}坐标必须是线性环列表。",
    "Feature {index}: {where} must have at least 4 positions.": "要素 {index}：{where} 至少需要 4 个位置。",
    "Feature {index}: {where} position {position} must be [longitude, latitude] numbers.":
        "要素 {index}：{where} 的位置 {position} 必须是数字 [经度, 纬度]。",
    "Feature {index}: longitude {x} is outside -180..180.": "要素 {index}：经度 {x} 超出 -180..180。",
    "Feature {index}: latitude {y} is outside -90..90.": "要素 {index}：纬度 {y} 超出 -90..90。",
    "Feature {index}: {where} must be closed (its first and last positions equal).":
        "要素 {index}：{where} 必须闭合（首尾位置相同）。",
    "Feature {index}: geometry is not valid ({reason}).": "要素 {index}：几何图形无效（{reason}）。",
    "Feature {index}: a hydrologic unit code property is required (huc12, huc10, huc8, huc6, huc4, huc2 or huc).":
        "要素 {index}：需要水文单元代码属性（huc12、huc10、huc8、huc6、huc4、huc2 或 huc）。",
    "Feature {index}: property {property} must be digits.": "要素 {index}：属性 {property} 必须由数字组成。",
    "Feature {index}: property {property} must have 2, 4, 6, 8, 10 or 12 digits.":
        "要素 {index}：属性 {property} 必须是 2、4、6、8、10 或 12 位数字。",
    "Feature {index}: property {property} must have {digits} digits.": "要素 {index}：属性 {property} 必须是 {digits} 位数字。",
    "Feature {index}: property {property} must be text.": "要素 {index}：属性 {property} 必须是文本。",
    "Invalid name. At most {limit} characters expected.": "name 无效：最多 {limit} 个字符。",
    "Invalid bbox. west,south,east,north expected, with -180 <= west <= east <= 180 and -90 <= south <= north <= 90.":
        "bbox 无效：应为 west,south,east,north，且 -180 <= west <= east <= 180、-90 <= south <= north <= 90。",
    "Invalid huc. Digits expected.": "huc 无效：应为数字。",
    "Invalid limit. Number from 1 to {max} expected.": "limit 无效：应为 1 到 {max} 之间的数字。",
    "Invalid lat. A latitude from -90 to 90 expected.": "lat 无效：应为 -90 到 90 之间的纬度。",
    "Invalid lng. A longitude from -180 to 180 expected.": "lng 无效：应为 -180 到 180 之间的经度。",
    "Invalid position. A braced list of key=value pairs such as {{lat=40.1, lng=-75.2}} expected.":
        "position 无效：应为花括号括起的 key=value 列表，例如 {{lat=40.1, lng=-75.2}}。",
    # The Water Quality Portal web services (/api/v1/wqp) and the reference lists.
    "Unknown WQP service: /{interface}/{service}/{action}. Services: /data/{{Station,Result,Activity,ActivityMetric,"
    "BiologicalMetric,Organization,Project,ProjectMonitoringLocationWeighting,ResultDetectionQuantitationLimit}}/search "
    "and /wqx3/{{Station,Result,Activity}}/search":
        "未知的 WQP 服务：/{interface}/{service}/{action}。可用的服务：/data/{{Station,Result,Activity,ActivityMetric,"
        "BiologicalMetric,Organization,Project,ProjectMonitoringLocationWeighting,ResultDetectionQuantitationLimit}}"
        "/search 和 /wqx3/{{Station,Result,Activity}}/search",
    "Unknown WQP service: /{interface}/{service}/{action}/{tail}. The summary service is "
    "/data/summary/monitoringLocation/search": "未知的 WQP 服务：/{interface}/{service}/{action}/{tail}。汇总服务为 "
                                               "/data/summary/monitoringLocation/search",
    "Request body must be a JSON object of parameter arrays.": "请求正文必须是由查询参数数组组成的 JSON 对象。",
    "Request body must be UTF-8 form fields (name=value&name=value).":
        "请求正文必须是 UTF-8 编码的表单字段（name=value&name=value）。",
    "Unknown parameter: {name}": "未知的查询参数：{name}",
    "Invalid mimeType: {value}. {format} answers the Station service only":
        "mimeType 无效：{value}。{format} 仅适用于 Station 服务。",
    "Invalid statecode: {value}. US:<state FIPS code> expected, as US:34":
        "statecode 无效：{value}。应为 US:<州 FIPS 代码>，例如 US:34。",
    "Invalid countycode: {value}. US:<state>:<county FIPS code> expected, as US:34:025":
        "countycode 无效：{value}。应为 US:<州>:<县 FIPS 代码>，例如 US:34:025。",
    "Invalid countrycode: {value}. A two-letter country code expected, as US":
        "countrycode 无效：{value}。应为两个字母的国家代码，例如 US。",
    "Invalid huc: {value}. A hydrologic unit code of 2 to 12 digits expected, optionally ending in the wildcard *":
        "huc 无效：{value}。应为 2 到 12 位的水文单元代码，可以通配符 * 结尾。",
    "Invalid bBox: {value}. west,south,east,north in decimal degrees expected (west <= east, south <= north)":
        "bBox 无效：{value}。应为以十进制度表示的 west,south,east,north（west <= east，south <= north）。",
    "Invalid lat, long and within. All three are needed for a search around a point":
        "lat、long 和 within 无效：按点周边搜索需要同时提供这三项。",
    "Invalid lat: {value}. A latitude from -90 to 90 expected": "lat 无效：{value}。应为 -90 到 90 之间的纬度。",
    "Invalid long: {value}. A longitude from -180 to 180 expected": "long 无效：{value}。应为 -180 到 180 之间的经度。",
    "Invalid within: {value}. A distance in miles above 0 expected": "within 无效：{value}。应为大于 0 的距离（英里）。",
    "Invalid pCode: {value}. A USGS parameter code of 5 digits expected": "pCode 无效：{value}。应为 5 位 USGS 参数代码。",
    "Invalid minresults: {value}. A whole number of 1 or more expected": "minresults 无效：{value}。应为大于等于 1 的整数。",
    "Invalid minactivities: {value}. A whole number of 1 or more expected":
        "minactivities 无效：{value}。应为大于等于 1 的整数。",
    "Invalid analyticalmethod: {value}. An https URL of an analytical method expected, as "
    "https://www.nemi.gov/methods/method_summary/4665/":
        "analyticalmethod 无效：{value}。应为分析方法的 https 网址，例如 https://www.nemi.gov/methods/method_summary/4665/。",
    "Invalid summaryYears: {value}. One of 1, 5, all expected": "summaryYears 无效：{value}。应为 1、5 或 all。",
    "Invalid dataProfile. The summary service has no data profiles": "dataProfile 无效：汇总服务没有数据配置（data profile）。",
    "nldiurl is not supported by this portal: it does not follow NLDI navigations. Name the sites with siteid, huc, "
    "bBox or lat, long and within instead.":
        "本门户不支持 nldiurl：它不跟随 NLDI 导航。请改用 siteid、huc、bBox 或 lat、long 与 within 指定站点。",
    "Invalid {name}. A string or an array of strings expected": "{name} 无效：应为字符串或字符串数组。",
    "Invalid {name}. At most {limit} values expected": "{name} 无效：最多 {limit} 个值。",
    "Invalid {name}. One value expected": "{name} 无效：应为单个值。",
    "Invalid {name}: {value}. A number expected": "{name} 无效：{value}。应为数字。",
    "Invalid {name}: {value}. A date MM-DD-YYYY expected": "{name} 无效：{value}。应为 MM-DD-YYYY 格式的日期。",
    "Invalid {name}: {value}. One of {allowed} expected": "{name} 无效：{value}。应为以下之一：{allowed}。",
    "Unknown keylist {name}. Known keylists: {names}.": "未知的代码表 {name}。已知的代码表：{names}。",
    # Collection queries (search, filter, sort, join, fields) and bulk writes, on every list of the API.
    "Invalid search param. JSON expected": "search 参数无效：应为 JSON。",
    "Invalid search param. {message}": "search 参数无效：{message}",
    "Conditions are nested too deeply": "条件嵌套过深。",
    "Conditions must be objects": "条件必须是对象。",
    "{key} must be an array of conditions": "{key} 必须是条件数组。",
    "Value of {field} must be a value or an object of operators": "{field} 的值必须是单个值或运算符对象。",
    "$or of {field} must be an object of operators": "{field} 的 $or 必须是运算符对象。",
    "Invalid value for {field} {operator}": "{field} {operator} 的值无效。",
    "Invalid field type in {kind} condition. String expected": "{kind} 条件中的字段类型无效：应为字符串。",
    "Invalid {kind} value": "{kind} 的值无效。",
    "Invalid comparison operator. {operators} expected": "比较运算符无效：应为 {operators}。",
    "Invalid sort field. String expected": "排序字段无效：应为字符串。",
    "Invalid sort order. ASC,DESC expected": "排序方向无效：应为 ASC 或 DESC。",
    "Invalid sort order. {orders} expected": "排序方向无效：应为 {orders}。",
    "Field {name} cannot be sorted on.": "不能按字段 {name} 排序。",
    "Invalid join field. String expected": "join 字段无效：应为字符串。",
    "Invalid join select. Array of strings expected": "join 的 select 无效：应为字符串数组。",
    "Unknown join relation {relation}": "未知的 join 关系 {relation}。",
    "Unknown field {name}. Fields: {fields}.": "未知字段 {name}。可用字段：{fields}。",
    "Unknown field {relation}.{name}": "未知字段 {relation}.{name}。",
    "Array limit exceeded. Only {limit} elements allowed in an array.": "数组超出上限：一个数组最多 {limit} 个元素。",
    "Parameter limit exceeded. Only {limit} parameters allowed.": "查询参数超出上限：最多 {limit} 个。",
    "Invalid param {field}. UUID string expected": "参数 {field} 无效：应为 UUID。",
    'Request body must be {{"bulk": [...]}}.': '请求正文必须是 {{"bulk": [...]}}。',
    "Bulk create accepts at most {limit} items.": "批量创建最多接受 {limit} 项。",
    "Every item of a bulk create needs its own {key}.": "批量创建的每一项都需要自己的 {key}。",
    "Empty data. Nothing to save.": "数据为空，没有可保存的内容。",
    "bulk[{position}]: {message}": "bulk[{position}]：{message}",
    # General shapes, last: the name of a field or a collection in a message ("token is required.").
    "Unknown field {name}": "未知字段 {name}。",
    "Field {name} cannot be changed.": "字段 {name} 不能更改。",
    "{name} not found.": "未找到 {name}。",
    "Someone else changed this {thing} after you loaded it: load it again to see their change.":
        "您加载此{thing}后，其他人更改了它：请重新加载以查看其更改。",
    "{name} already exists.": "{name} 已存在。",
    "{name} is required.": "请提供 {name}。",
    "{name} must be text.": "{name} 必须是文本。",
    "{name} must be true or false.": "{name} 必须为 true 或 false。",
    "{name} must be at most {limit} characters.": "{name} 最多 {limit} 个字符。",
    "Invalid {name}. A number from {low} to {high} expected": "{name} 无效：应为 {low} 到 {high} 之间的数字。",
    "Invalid {name}. {digits} digits expected": "{name} 无效：应为 {digits} 位数字。",
    "Invalid {name}. true or false expected": "{name} 无效：应为 true 或 false。",
    "Invalid {name}. UUID string expected": "{name} 无效：应为 UUID。",
    "Invalid {field}. Number expected": "{field} 无效：应为数字。",
    "Invalid {name}. String expected": "{name} 无效：应为字符串。",
    "Invalid {name}. Boolean expected": "{name} 无效：应为布尔值。",
    "Invalid {name}. ISO date string expected": "{name} 无效：应为 ISO 日期字符串。",
    "Invalid {name}. Object expected": "{name} 无效：应为对象。",
    "Invalid {name}. Array expected": "{name} 无效：应为数组。",
    "Invalid {name}. Array of strings expected": "{name} 无效：应为字符串数组。",
    "Invalid {name}. Array of numbers expected": "{name} 无效：应为数字数组。",
    "Invalid {name}. {expected} expected": "{name} 无效：应为 {expected}。",
}
TRANSLATIONS = {"zh-CN": ZH_CN}


def _pattern(template: str) -> re.Pattern:
    """A template (str.format's syntax: {name} is a placeholder, {{ and }} are literal braces) as a regex that
    matches the messages made from it; a placeholder named twice holds the same text both times."""
    regex, seen = [], set()
    for literal, name, _, _ in string.Formatter().parse(template):
        regex.append(re.escape(literal))
        if name is not None:
            regex.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
    return re.compile("".join(regex) + r"\Z", re.DOTALL)


@lru_cache(maxsize=None)
def _patterns(language: str) -> list[tuple[re.Pattern, str]]:
    return [(_pattern(english), _typeset(translated, language)) for english, translated in TRANSLATIONS[language].items()]


# Chinese text quotes a value in “ ” and lists with 、 (a walk read 'OWD-1' and "a, b" as English left in).
_QUOTED_PLACEHOLDER = re.compile(r"'(\{[a-zA-Z_]+\})'")
LIST_PARTS = ("names", "columns", "fields")
_QUOTE_SPACING = re.compile(r" ?(“[^”]*”) ?")  # full-width quotes need no spaces around them


def _typeset(template: str, language: str) -> str:
    return _QUOTED_PLACEHOLDER.sub(r"“\1”", template) if language == "zh-CN" else template


def _typeset_part(name: str, value: str, language: str) -> str:
    if language != "zh-CN":
        return value
    if len(value) >= 2 and value[0] == value[-1] == "'" and "'" not in value[1:-1]:  # a repr()'d text
        return f"“{value[1:-1]}”"
    if name in LIST_PARTS:
        return value.replace(", ", "、")
    return value


def language_of(accept_language: str | None) -> str | None:
    """The most preferred language with translations (zh, zh-CN, zh-Hans... → zh-CN); None for English
    or when no offered language has them."""
    offered = []
    for position, item in enumerate((accept_language or "").split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            offered.append((-quality, position, tag.strip().lower()))
    for _, _, tag in sorted(offered):
        primary, *rest = tag.split("-")
        if primary == "en":
            return None
        if primary == "zh" and not set(rest) & {"tw", "hk", "mo", "hant"}:
            return "zh-CN"
    return None


# A part of a message that is itself a message (an import's reason inside "Stopped after row N: ...").
NESTED = "message"
# The parts translated in turn: such a message, and an import format's name.
TRANSLATED_PARTS = (NESTED, "format")


def localize(message: str, accept_language: str | None) -> str:
    language = language_of(accept_language)
    if language is None:
        return message
    for pattern, translated in _patterns(language):
        match = pattern.match(message)
        if match:
            parts = {name: _typeset_part(name, value, language) for name, value in match.groupdict().items()}
            for name in TRANSLATED_PARTS:
                if name in parts:
                    parts[name] = localize(parts[name], accept_language)
            text = translated.format(**parts)
            return _QUOTE_SPACING.sub(r"\1", text) if language == "zh-CN" else text
    return message
