"""The provider's pages have an icon: no 404 in the browser's console on every sign-in."""
from __future__ import annotations

from tests.oidc.conftest import Pkce, authorization_params


def test_the_pages_have_an_icon_so_browsers_find_no_missing_favicon(browser, provider):
    page = browser.get(provider.url("/authorize"), params=authorization_params(Pkce.new()), allow_redirects=False)
    assert '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' in page.text
    for path in ("/favicon.svg", "/favicon.ico"):
        icon = browser.get(provider.url(path))
        assert icon.status_code == 200
        assert icon.headers["Content-Type"].startswith("image/svg+xml")
        assert icon.text.startswith("<svg")
