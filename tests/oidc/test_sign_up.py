"""The sign-up page (development only): a person creates an account for their email address, is signed in
and sent back to the app with a code, and the tokens carry that address as verified."""
from __future__ import annotations

import html
import re
import uuid

import jwt
import requests

from tests.oidc.conftest import Pkce, authorization_params, exchange_code, redirect_params, sign_in


def _sign_up_page(browser, provider, params) -> tuple[str, str, str]:
    """From the sign-in page's link to the sign-up form: (page text, form action, CSRF token)."""
    sign_in_page = browser.get(provider.url("/authorize"), params=params, allow_redirects=False)
    link = re.search(r'<a href="(/signup\?[^"]*)">', sign_in_page.text)
    assert link, "the sign-in page offers no sign-up"
    page = browser.get(provider.url(html.unescape(link.group(1))), allow_redirects=False)
    assert page.status_code == 200, page.text
    action = html.unescape(re.search(r'<form method="post" action="([^"]*)"', page.text).group(1))
    csrf = html.unescape(re.search(r'name="csrf_token" value="([^"]*)"', page.text).group(1))
    return page.text, action, csrf


def test_a_new_account_is_signed_in_and_its_tokens_carry_the_verified_email(browser, provider):
    email = f"New.Person-{uuid.uuid4().hex[:6]}@Example.org"
    pkce = Pkce.new()
    params = authorization_params(pkce)
    page, action, csrf = _sign_up_page(browser, provider, params)
    for text in ("<h1>Create an account</h1>", "Email", "Already have an account?", "Password (at least 8 characters)",
                 "the new account&#39;s email address counts as confirmed"):
        assert text in page
    answer = browser.post(provider.url(action), allow_redirects=False, data={
        "csrf_token": csrf, "email": email, "name": "New Person", "password": "long enough"})
    returned = redirect_params(answer)
    assert returned["state"] == params["state"]
    tokens = exchange_code(provider, returned["code"], pkce.verifier).json()
    key = jwt.PyJWKClient(provider.url("/jwks")).get_signing_key_from_jwt(tokens["access_token"]).key
    access = jwt.decode(tokens["access_token"], key, algorithms=["RS256"], audience="owd-api", issuer=provider.issuer)
    assert (access["email"], access["email_verified"], access["name"]) == (email.lower(), True, "New Person")
    info = requests.get(provider.url("/userinfo"), headers={"Authorization": f"Bearer {tokens['access_token']}"},
                        timeout=10).json()
    assert info["email"] == email.lower() and info["email_verified"] is True

    # Later the person signs in with the address and password; the sign-in page still names only demo users.
    with requests.Session() as other_browser:
        signed_in = sign_in(other_browser, provider, authorization_params(Pkce.new()), email.lower(),
                            password="long enough")
        assert "code" in redirect_params(signed_in)
    fresh_page = requests.get(provider.url("/authorize"), params=authorization_params(Pkce.new()), timeout=10)
    assert "<code>viewer</code>" in fresh_page.text and email.lower() not in fresh_page.text


def test_a_sign_up_is_refused_with_a_message_for_a_bad_address_short_password_or_existing_account(browser, provider):
    params = authorization_params(Pkce.new())
    for email, password, message in (
            ("not-an-address", "long enough", "Enter a valid email address."),
            ("someone@example.org", "short", "The password needs at least 8 characters."),
            ("viewer@demo.openwater.example", "long enough",
             "An account with this email address already exists. Sign in instead.")):
        _, action, csrf = _sign_up_page(browser, provider, params)
        answer = browser.post(provider.url(action), allow_redirects=False,
                              data={"csrf_token": csrf, "email": email, "password": password})
        assert answer.status_code == 200 and 'role="alert"' in answer.text
        assert html.escape(message) in answer.text


def test_the_sign_up_page_is_in_simplified_chinese_when_asked_for(browser, provider):
    page, _, _ = _sign_up_page(browser, provider, authorization_params(Pkce.new(), ui_locales="zh-CN"))
    assert '<html lang="zh-CN">' in page and "<h1>创建账户</h1>" in page and "密码（至少 8 个字符）" in page
