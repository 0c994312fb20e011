"""The sign-in page speaks the language the application asks for (OIDC `ui_locales`)."""
from __future__ import annotations

from tests.oidc.conftest import Pkce, authorization_params, sign_in


def _page(browser, provider, **params):
    return browser.get(provider.url("/authorize"), params=authorization_params(Pkce.new(), **params),
                       allow_redirects=False)


def test_the_sign_in_page_is_in_simplified_chinese_when_the_application_asks_for_it(browser, provider):
    page = _page(browser, provider, ui_locales="zh-CN en")
    assert page.status_code == 200
    assert '<html lang="zh-CN">' in page.text
    for text in ("<h1>登录</h1>", "用户名", "密码", "本地开发登录。演示用户（密码与用户名相同）："):
        assert text in page.text
    assert "Username" not in page.text


def test_the_first_language_the_page_speaks_wins_and_english_is_the_default(browser, provider):
    assert "<h1>登录</h1>" in _page(browser, provider, ui_locales="fr zh").text
    assert "<h1>登录</h1>" in _page(browser, provider, ui_locales="zh-Hans-CN").text
    english = _page(browser, provider, ui_locales="en zh-CN").text
    assert '<html lang="en">' in english and "<h1>Sign in</h1>" in english
    assert "<h1>Sign in</h1>" in _page(browser, provider).text


def test_a_wrong_password_is_told_in_the_page_language(browser, provider):
    params = authorization_params(Pkce.new(), ui_locales="zh-CN")
    answer = sign_in(browser, provider, params, "viewer", password="wrong")
    assert answer.status_code == 200
    assert "用户名或密码错误。" in answer.text
