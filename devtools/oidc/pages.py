"""The provider's two HTML pages: sign-in and signed-out (Jinja autoescapes every value)."""
from __future__ import annotations

from flask import render_template_string

_LAYOUT_START = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }} · Open Water Data local sign-in</title>
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
</style>
</head>
<body><main>
"""
_LAYOUT_END = "</main></body></html>"

SIGN_IN = _LAYOUT_START + """
<h1>Sign in</h1>
<p>to continue to <strong>{{ client_name }}</strong></p>
{% if error %}<p class="error" role="alert">{{ error }}</p>{% endif %}
<form method="post" action="{{ action }}">
  <input type="hidden" name="csrf_token" value="{{ csrf_token }}">
  <label for="username">Username</label>
  <input id="username" name="username" autocomplete="username" value="{{ username }}" required autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
<p class="hint">Local development sign-in. Demo users (password = username):
{% for user in users %}<code>{{ user.username }}</code>{{ ", " if not loop.last }}{% endfor %}.</p>
""" + _LAYOUT_END

SIGNED_OUT = _LAYOUT_START + """
<h1>You are signed out.</h1>
{% if note %}<p class="hint">{{ note }}</p>{% endif %}
""" + _LAYOUT_END


def sign_in_page(*, client_name: str, action: str, csrf_token: str, users, username: str = "",
                 error: str = "") -> str:
    return render_template_string(SIGN_IN, title="Sign in", client_name=client_name, action=action,
                                  csrf_token=csrf_token, users=users, username=username, error=error)


def signed_out_page(note: str = "") -> str:
    return render_template_string(SIGNED_OUT, title="Signed out", note=note)
