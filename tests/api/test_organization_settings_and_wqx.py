"""An organization's settings (map-service), its WQX Web account, and that it keeps a group-admin."""
from __future__ import annotations

import base64
import uuid

import pytest

WQX_KEY = base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()
BAD_KEY = "The private key is not one WQX Web issues: copy the whole private key that WQX Web shows for this user."


@pytest.fixture
def org(demo):
    from chalicelib.organizations import service as organizations

    organization = organizations.create({"name": f"Settings test {uuid.uuid4().hex[:6]}"})
    organizations.set_member_role(organization.id, demo["users"]["orgadmin"], "group-admin")
    organizations.set_member_role(organization.id, demo["users"]["viewer"], "simple-user")
    return organization.id


def _wqx_id(org: str) -> str:
    """A WQX organization id of this test's organization alone (two organizations may not share one)."""
    return f"DEMO_WQX_{org[:8]}"


def test_without_its_own_map_service_an_organization_shows_the_systems(api, org):
    response = api.get(f"/organization/{org}/settings/map-service")
    assert response.status_code == 200
    assert response.json["inherited"] is True
    assert response.json["value"] == {"provider": "none", "styleUrl": None, "accessToken": None}


def test_a_group_admin_sets_the_map_service_and_everyone_reads_it(api, org):
    value = {"styleUrl": "https://tiles.example.org/style.json", "attribution": "© Example"}
    saved = api.as_("orgadmin").put(f"/organization/{org}/settings/map-service", {"value": value})
    assert saved.status_code == 200, saved.json
    assert saved.json["value"] == value and saved.json["inherited"] is False
    read = api.get(f"/organization/{org}/settings/map-service").json
    assert read["value"] == value
    assert read["updatedAt"] and "updatedBy" not in read  # who saved it: in the audit trail
    reset = api.as_("orgadmin").put(f"/organization/{org}/settings/map-service", {"value": None})
    assert reset.json["inherited"] is True
    # Back to the system's value: answered as reading it answers.
    assert reset.json["value"] == {"provider": "none", "styleUrl": None, "accessToken": None}


@pytest.mark.parametrize("key, body, message", [
    ("map-service", {"value": {"styleUrl": "javascript:alert(1)"}}, "The style address must be an http(s) address."),
    ("map-service", {"value": {"tileUrl": "ftp://tiles.example.org/{z}/{x}/{y}.png"}},
     "The tile address must be an http(s) address."),
    ("map-service", {"value": {"tileUrl": "https://tiles.example.org/tiles.png"}},
     "The tile address must hold {z}, {x} and {y} (for example https://tiles.example.org/{z}/{x}/{y}.png)."),
    ("map-service", {"value": "https://x"}, "Setting value must be a JSON object."),
    ("map-service", {"value": {"styleURL": "https://x", "nested": {"a": 1}}},
     "Unknown map service field nested, styleURL. A map service takes: accessToken, attribution, provider, styleUrl, "
     "tileUrl, tiles, url."),
    ("map-service", {"value": {"tiles": "https://x/{z}/{x}/{y}.png"}}, "tiles must be a list of tile addresses."),
    ("map-service", {"styleUrl": "https://x"}, "Unknown field 'styleUrl'. Fields: value."),
    ("map-service", {}, "Request body must be a JSON object with a value."),
    ("Map Service", {"value": {}}, "Setting key must be lower-case letters, digits and dashes."),
])
def test_bad_settings_are_400(api, org, key, body, message):
    response = api.as_("orgadmin").put(f"/organization/{org}/settings/{key}", body)
    assert response.status_code == 400
    assert response.json["message"] == message


def test_members_who_are_not_group_admins_cannot_change_settings(api, org):
    response = api.as_("viewer").put(f"/organization/{org}/settings/map-service", {"value": {}})
    assert response.status_code == 403


def test_the_wqx_account_keeps_its_private_key_in_secrets_manager_and_never_returns_it(api, org):
    from chalicelib.organizations import wqx
    from chalicelib.organizations.models import Organization

    empty = api.as_("orgadmin").get(f"/organization/{org}/wqx-account")
    assert empty.status_code == 200
    assert empty.json["configured"] is False and empty.json["privateKey"] is None
    saved = api.as_("orgadmin").put(f"/organization/{org}/wqx-account",
                                    {"wqxOrganizationId": _wqx_id(org), "userId": "olga", "privateKey": WQX_KEY})
    assert saved.status_code == 200, saved.json
    assert saved.json["privateKey"] == "••••••••"
    assert saved.json["privateKeySetAt"]
    assert WQX_KEY not in str(api.as_("orgadmin").get(f"/organization/{org}/wqx-account").json)
    assert WQX_KEY not in str(Organization.get(org).to_dict())
    assert wqx.private_key(org) == WQX_KEY
    # Saving again with the mask keeps the key and changes the rest.
    again = api.as_("orgadmin").put(f"/organization/{org}/wqx-account",
                                    {"wqxOrganizationId": _wqx_id(org) + "2", "userId": "olga", "privateKey": "••••••••"})
    assert again.json["wqxOrganizationId"] == _wqx_id(org) + "2"
    assert wqx.private_key(org) == WQX_KEY


@pytest.mark.parametrize("body, message", [
    ({"userId": "olga", "privateKey": WQX_KEY}, "wqxOrganizationId is required."),
    ({"wqxOrganizationId": "X", "privateKey": WQX_KEY}, "userId is required."),
    ({"wqxOrganizationId": "X", "userId": "olga"}, "WQX private key is required."),
    ({"wqxOrganizationId": "X", "userId": "olga", "privateKey": "  "}, "WQX private key is required."),
    ({"wqxOrganizationId": "X", "userId": "olga", "privateKey": "not base64!"}, BAD_KEY),
    # Base64, but of 9 bytes: no key WQX Web issues (an HMAC key of at least 16).
    ({"wqxOrganizationId": "X", "userId": "olga", "privateKey": "c2VjcmV0a2V5"}, BAD_KEY),
    ({"wqxOrganizationId": "X", "userId": "olga", "privateKey": WQX_KEY, "password": "x"},
     "Unknown field 'password'. Fields: configured, organizationId, privateKey, privateKeySetAt, updatedAt, userId, "
     "wqxOrganizationId."),
])
def test_bad_wqx_accounts_are_400(api, org, body, message):
    response = api.as_("orgadmin").put(f"/organization/{org}/wqx-account", body)
    assert response.status_code == 400
    assert response.json["message"] == message


def test_a_key_wqx_web_does_not_issue_is_refused_in_words_a_person_reads(api, org):
    body = {"wqxOrganizationId": _wqx_id(org), "userId": "olga", "privateKey": "c2VjcmV0a2V5"}
    zh = api.as_("orgadmin").put(f"/organization/{org}/wqx-account", body, headers={"Accept-Language": "zh-CN"})
    assert zh.status_code == 400
    # The field as the screen names it (私钥), not the API's privateKey.
    assert zh.json["message"] == "此私钥不是 WQX Web 签发的私钥：请完整复制 WQX Web 为此用户显示的私钥。"


def test_a_missing_private_key_is_named_as_the_form_labels_it(api, org):
    # "privateKey is required." had named the body's field; the form says "Private key" in its WQX section.
    body = {"wqxOrganizationId": _wqx_id(org) + "K", "userId": "olga"}
    for language, message in ((None, "WQX private key is required."), ("zh-CN", "请输入 WQX 私钥。")):
        answer = api.as_("orgadmin").put(f"/organization/{org}/wqx-account", body,
                                         headers={"Accept-Language": language} if language else {})
        assert (answer.status_code, answer.json["message"]) == (400, message)


def test_only_group_admins_see_the_wqx_account(api, org):
    assert api.as_("viewer").get(f"/organization/{org}/wqx-account").status_code == 403
    assert api.as_("other_orgadmin").get(f"/organization/{org}/wqx-account").status_code == 403


def test_the_last_group_admin_can_neither_leave_nor_be_demoted(api, org, demo):
    me = demo["users"]["orgadmin"]
    leave = api.as_("orgadmin").delete(f"/organization/{org}/members/{me}")
    assert leave.status_code == 409
    assert leave.json["message"] == ("An organization needs at least one group administrator: "
                                     "make someone else a group administrator first.")
    demoted = api.as_("admin").put(f"/organization/{org}/members/{me}", {"roleName": "simple-user"})
    assert demoted.status_code == 409
    # With a second group-admin (someone new: the demo users keep their roles for the other tests), the first may step down.
    from chalicelib.core.models import utc_now
    from chalicelib.users.models import User

    second = User(id=str(uuid.uuid4()), email="second-admin@example.com", name="Second Admin", createdAt=utc_now())
    second.save()
    api.as_("admin").put(f"/organization/{org}/members/{second.id}", {"roleName": "group-admin"})
    assert api.as_("orgadmin").put(f"/organization/{org}/members/{me}", {"roleName": "simple-user"}).status_code == 200


def test_a_group_admin_sets_how_to_contact_the_organization_and_anyone_reads_it(api, org):
    saved = api.as_("orgadmin").patch(f"/organization/{org}", {"contact": "office@riverkeepers.example"})
    assert saved.status_code == 200
    assert api.get(f"/organization/{org}").json["contact"] == "office@riverkeepers.example"
    bad = api.as_("orgadmin").patch(f"/organization/{org}", {"contact": 42})
    assert bad.status_code == 400
    assert bad.json["message"] == "contact must be text."


@pytest.fixture
def wqx_web(monkeypatch):
    """A WQX Web stand-in that knows the account 'olga' with WQX_KEY, and the app pointed at it."""
    from chalicelib.core.config import get_settings
    from tests.support.wqx_web import WqxWebStandIn

    with WqxWebStandIn({"olga": WQX_KEY}) as stand_in:
        monkeypatch.setenv("WQX_WEB_URL", stand_in.url)
        get_settings.cache_clear()
        yield stand_in
    get_settings.cache_clear()


def _set_account(api, org, user_id="olga", key=WQX_KEY):
    return api.as_("orgadmin").put(f"/organization/{org}/wqx-account",
                                   {"wqxOrganizationId": _wqx_id(org), "userId": user_id, "privateKey": key})


def test_test_connection_signs_the_request_as_wqx_web_checks_it(api, org, wqx_web):
    _set_account(api, org)
    response = api.as_("orgadmin").post(f"/organization/{org}/wqx-account/test")
    assert response.status_code == 200
    assert response.json == {"connected": True, "message": "Connected to WQX Web as olga."}
    sent = wqx_web.requests[-1]
    assert sent["path"] == f"/WQXWeb/api/Projects?organizationIdentifiersCsv={_wqx_id(org)}&startRow=0&rowsToRetrieve=1"
    assert sent["headers"]["x-userid"] == "olga"


def test_test_connection_with_a_wrong_key_says_wqx_web_refused(api, org, wqx_web):
    _set_account(api, org, key=base64.b64encode(b"not-the-key-wqx-web-knows-about!").decode())
    response = api.as_("orgadmin").post(f"/organization/{org}/wqx-account/test")
    assert response.json == {"connected": False, "message": "WQX Web refused the user ID or private key: check them in "
                                                            "WQX Web and save them again."}


def test_test_connection_says_when_wqx_web_cannot_be_reached(api, org, monkeypatch):
    from chalicelib.core.config import get_settings
    from devtools.processes import free_port

    monkeypatch.setenv("WQX_WEB_URL", f"http://127.0.0.1:{free_port()}/WQXWeb/api")
    get_settings.cache_clear()
    try:
        _set_account(api, org)
        response = api.as_("orgadmin").post(f"/organization/{org}/wqx-account/test")
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    assert response.json["connected"] is False
    assert response.json["message"].startswith("WQX Web could not be reached (")
    # What to do, not only what happened (a walk: "[Errno -2] Name or service not known" and no more).
    assert response.json["message"].endswith("): try again later; if it goes on, tell the portal's administrators "
                                             "(Contact us).")


def test_test_connection_answers_in_the_language_asked(api, org, wqx_web):
    """A walk in 简体中文: the Test connection's answer (a 200's message, not an error's) came in English."""
    zh = {"Accept-Language": "zh-CN"}
    _set_account(api, org)
    response = api.as_("orgadmin").post(f"/organization/{org}/wqx-account/test", headers=zh)
    assert response.json == {"connected": True, "message": "已以 olga 身份连接到 WQX Web。"}
    _set_account(api, org, key=base64.b64encode(b"not-the-key-wqx-web-knows-about!").decode())
    response = api.as_("orgadmin").post(f"/organization/{org}/wqx-account/test", headers=zh)
    assert response.json == {"connected": False, "message": "WQX Web 拒绝了该用户 ID 或私钥：请在 WQX Web 中核对后重新保存。"}


def test_test_connection_needs_an_account(api, org):
    response = api.as_("orgadmin").post(f"/organization/{org}/wqx-account/test")
    assert response.status_code == 400
    assert response.json["message"] == "Set the WQX account first."


def test_a_wqx_id_another_organization_is_known_by_is_refused(api, org, demo):
    """The WQP services find an organization by its name or WQX id: taking another's would show this
    organization's stations as that one's (security walk, 2026-11-27)."""
    from chalicelib.organizations import service as organizations

    other = organizations.create({"name": f"Known as {uuid.uuid4().hex[:6]}"})
    assert api.as_("admin").put(f"/organization/{other.id}/wqx-account", {
        "wqxOrganizationId": _wqx_id(other.id), "userId": "other", "privateKey": WQX_KEY}).status_code == 200
    for taken in (other.name.upper(), _wqx_id(other.id).lower()):
        refused = api.as_("orgadmin").put(f"/organization/{org}/wqx-account",
                                          {"wqxOrganizationId": taken, "userId": "olga", "privateKey": WQX_KEY})
        assert (refused.status_code, refused.json["message"]) == (409, (
            f"Another organization of this portal is known as {taken} (its name or its WQX organization id); the "
            "Water Quality Portal services would not tell the two organizations apart. Enter your organization's "
            "own WQX organization id."))
    chinese = api.as_("orgadmin").put(f"/organization/{org}/wqx-account", {
        "wqxOrganizationId": other.name, "userId": "olga", "privateKey": WQX_KEY}, headers={"Accept-Language": "zh-CN"})
    assert chinese.json["message"].startswith(f"本门户的另一个组织以 {other.name} 为名")
    assert api.as_("orgadmin").get(f"/organization/{org}/wqx-account").json["configured"] is False
    # Its own name is its own to use.
    own_name = organizations.get(org).name
    assert api.as_("orgadmin").put(f"/organization/{org}/wqx-account", {
        "wqxOrganizationId": own_name, "userId": "olga", "privateKey": WQX_KEY}).status_code == 200
    # Nor may an organization be renamed to another's WQX id.
    renamed = api.as_("orgadmin").patch(f"/organization/{org}", {"name": _wqx_id(other.id)})
    assert (renamed.status_code, renamed.json["message"]) == (409, (
        f"Another organization's WQX organization id is {_wqx_id(other.id)}; the Water Quality Portal services "
        "would not tell the two organizations apart. Choose another name."))


def test_deleting_an_organization_deletes_its_wqx_private_key(api, org):
    from botocore.exceptions import ClientError

    from chalicelib.core import aws
    from chalicelib.organizations import wqx
    from chalicelib.organizations.models import Organization

    assert api.as_("orgadmin").put(f"/organization/{org}/wqx-account", {
        "wqxOrganizationId": _wqx_id(org), "userId": "olga", "privateKey": WQX_KEY}).status_code == 200
    assert wqx.private_key(org) == WQX_KEY
    assert api.as_("admin").delete(f"/organization/{org}").status_code == 200
    with pytest.raises(ClientError) as gone:
        aws.client("secretsmanager").get_secret_value(SecretId=wqx.secret_name(org))
    assert gone.value.response["Error"]["Code"] == "ResourceNotFoundException"
    assert Organization.get(org).wqxAccount is None
