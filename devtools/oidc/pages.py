"""The provider's two HTML pages: sign-in and signed-out (Jinja autoescapes every value), in the
language the application asks for with OIDC's `ui_locales` (English unless another is offered)."""
from __future__ import annotations

from flask import render_template_string

DEFAULT_LANGUAGE = "en"
# What each page says, per language; the keys are the languages of the product's interface.
MESSAGES = {
    "en": {
        "sign_in": "Sign in",
        "continue_to": "to continue to",
        "username": "Username",
        "password": "Password",
        "demo_users": "Local development sign-in. Demo users (password = username):",
        "list_separator": ", ",
        "full_stop": ".",
        "page_suffix": "Open Water Data local sign-in",
        "signed_out_title": "Signed out",
        "signed_out": "You are signed out.",
        "invalid_credentials": "Invalid username or password.",
        "form_expired": "This sign-in form has expired. Please try again.",
        "logout_unverified": "The application's sign-out request could not be verified, so you are not sent back to it.",
        "return_not_allowed": "The application's return address is not allowed here (only loopback addresses are).",
        "no_account": "No account yet?",
        "create_account": "Create an account",
        "email": "Email",
        "name": "Name",
        "new_password": "Password (at least 8 characters)",
        "have_account": "Already have an account?",
        "sign_up_hint": "Local development: the new account's email address counts as confirmed, and the account "
                        "lasts until this sign-in service restarts. You sign in with the email address.",
        "invalid_email": "Enter a valid email address.",
        "short_password": "The password needs at least 8 characters.",
        "email_taken": "An account with this email address already exists. Sign in instead.",
    },
    "zh-CN": {
        "sign_in": "登录",
        "continue_to": "以继续使用",
        "username": "用户名",
        "password": "密码",
        "demo_users": "本地开发登录。演示用户（密码与用户名相同）：",
        "list_separator": "、",
        "full_stop": "。",
        "page_suffix": "Open Water Data 本地登录",
        "signed_out_title": "已退出",
        "signed_out": "您已退出登录。",
        "invalid_credentials": "用户名或密码错误。",
        "form_expired": "此登录表单已过期，请重试。",
        "logout_unverified": "无法验证应用的退出请求，因此不会将您送回该应用。",
        "return_not_allowed": "此处不允许应用的返回地址（只允许本机地址）。",
        "no_account": "还没有账户？",
        "create_account": "创建账户",
        "email": "电子邮件",
        "name": "姓名",
        "new_password": "密码（至少 8 个字符）",
        "have_account": "已有账户？",
        "sign_up_hint": "本地开发：新账户的电子邮件地址视为已确认，账户保留到此登录服务重启为止。请用电子邮件地址登录。",
        "invalid_email": "请输入有效的电子邮件地址。",
        "short_password": "密码至少需要 8 个字符。",
        "email_taken": "已有使用此电子邮件地址的账户，请直接登录。",
    },
}


def language_of(ui_locales: str | None) -> str:
    """The first of the space-separated language tags that a page speaks (zh, zh-CN, zh-Hans... are
    Simplified Chinese); English when none is."""
    for tag in (ui_locales or "").split():
        primary = tag.split("-")[0].lower()
        if primary == "en":
            return "en"
        if primary == "zh" and not any(part.lower() in ("tw", "hk", "mo", "hant") for part in tag.split("-")[1:]):
            return "zh-CN"
    return DEFAULT_LANGUAGE


def message(key: str, language: str) -> str:
    return MESSAGES.get(language, MESSAGES[DEFAULT_LANGUAGE])[key]


_LAYOUT_START = """<!doctype html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }} · {{ m.page_suffix }}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { font-family: system-ui, sans-serif; background: #f3f6f9; color: #1b2733; margin: 0; }
  main { max-width: 24rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: .5rem;
         box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; margin-top: 1rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem; font-size: 1rem; }
  button { margin-top: 1.5rem; width: 100%; padding: .6rem; font-size: 1rem; background: #0b5cab; color: #fff;
           border: 0; border-radius: .25rem; cursor: pointer; }
  .error { background: #fdecea; color: #8a1c13; padding: .6rem; border-radius: .25rem; }
  .hint { color: #55606b; font-size: .9rem; margin-top: 1.5rem; }
  a { color: #0b5cab; }
</style>
</head>
<body><main>
"""
_LAYOUT_END = "</main></body></html>"

SIGN_IN = _LAYOUT_START + """
<h1>{{ m.sign_in }}</h1>
<p>{{ m.continue_to }} <strong>{{ client_name }}</strong></p>
{% if error %}<p class="error" role="alert">{{ error }}</p>{% endif %}
<form method="post" action="{{ action }}">
  <input type="hidden" name="csrf_token" value="{{ csrf_token }}">
  <label for="username">{{ m.username }}</label>
  <input id="username" name="username" autocomplete="username" value="{{ username }}" required autofocus>
  <label for="password">{{ m.password }}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">{{ m.sign_in }}</button>
</form>
<p>{{ m.no_account }} <a href="{{ sign_up_url }}">{{ m.create_account }}</a></p>
<p class="hint">{{ m.demo_users }}
{% for user in users %}<code>{{ user.username }}</code>{{ m.list_separator if not loop.last }}{% endfor %}{{ m.full_stop }}</p>
""" + _LAYOUT_END

SIGN_UP = _LAYOUT_START + """
<h1>{{ m.create_account }}</h1>
<p>{{ m.continue_to }} <strong>{{ client_name }}</strong></p>
{% if error %}<p class="error" role="alert">{{ error }}</p>{% endif %}
<form method="post" action="{{ action }}">
  <input type="hidden" name="csrf_token" value="{{ csrf_token }}">
  <label for="email">{{ m.email }}</label>
  <input id="email" name="email" type="email" autocomplete="email" value="{{ email }}" required autofocus>
  <label for="name">{{ m.name }}</label>
  <input id="name" name="name" autocomplete="name" value="{{ name }}">
  <label for="password">{{ m.new_password }}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
  <button type="submit">{{ m.create_account }}</button>
</form>
<p>{{ m.have_account }} <a href="{{ sign_in_url }}">{{ m.sign_in }}</a></p>
<p class="hint">{{ m.sign_up_hint }}</p>
""" + _LAYOUT_END

SIGNED_OUT = _LAYOUT_START + """
<h1>{{ m.signed_out }}</h1>
{% if note %}<p class="hint">{{ note }}</p>{% endif %}
""" + _LAYOUT_END


def sign_in_page(*, client_name: str, action: str, csrf_token: str, users, sign_up_url: str, username: str = "",
                 error: str = "", language: str = DEFAULT_LANGUAGE) -> str:
    m = MESSAGES[language]
    return render_template_string(SIGN_IN, lang=language, m=m, title=m["sign_in"], client_name=client_name,
                                  action=action, csrf_token=csrf_token, users=users, username=username, error=error,
                                  sign_up_url=sign_up_url)


def sign_up_page(*, client_name: str, action: str, csrf_token: str, sign_in_url: str, email: str = "",
                 name: str = "", error: str = "", language: str = DEFAULT_LANGUAGE) -> str:
    m = MESSAGES[language]
    return render_template_string(SIGN_UP, lang=language, m=m, title=m["create_account"], client_name=client_name,
                                  action=action, csrf_token=csrf_token, sign_in_url=sign_in_url, email=email,
                                  name=name, error=error)


def signed_out_page(note: str = "", language: str = DEFAULT_LANGUAGE) -> str:
    m = MESSAGES[language]
    return render_template_string(SIGNED_OUT, lang=language, m=m, title=m["signed_out_title"], note=note)
