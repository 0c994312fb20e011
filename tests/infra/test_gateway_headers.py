"""The local gateway sends the site's security headers that CloudFront's response headers policy in
infra/template.yaml defines (read from the template, so the two cannot differ), on the SPA only."""
from __future__ import annotations

import pytest
from werkzeug.test import Client

from devtools import gateway
from devtools.package_stack import load_infra_template

LOCAL = {"IdentityOrigins": "http://127.0.0.1:8002", "UploadsOrigins": "http://127.0.0.1:8003", "MapServiceOrigins": ""}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site_dir = tmp_path_factory.mktemp("spa")
    (site_dir / "index.html").write_text("<!doctype html><title>Open Water Data</title>")
    (site_dir / "app.js").write_text("console.log(1)")
    return Client(gateway.create_app(site_dir, "http://127.0.0.1:9"))  # the API is never reached here


def test_the_policy_is_the_templates_with_the_local_origins():
    headers = gateway.security_headers(load_infra_template(), LOCAL)
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "worker-src 'self' blob:;" in csp
    assert "connect-src 'self' http://127.0.0.1:8002 http://127.0.0.1:8003;" in csp
    assert "frame-src 'self' http://127.0.0.1:8002;" in csp and "frame-ancestors 'self';" in csp
    assert "${" not in csp and "  " not in csp
    assert headers["Strict-Transport-Security"] == "max-age=63072000; includeSubDomains; preload"
    assert (headers["X-Content-Type-Options"], headers["X-Frame-Options"], headers["Referrer-Policy"]) == (
        "nosniff", "SAMEORIGIN", "strict-origin-when-cross-origin")


def test_a_name_the_gateway_cannot_fill_is_an_error():
    with pytest.raises(KeyError, match="IdentityOrigins"):
        gateway.security_headers(load_infra_template(), {"UploadsOrigins": "", "MapServiceOrigins": ""})


def test_every_page_and_file_of_the_spa_carries_the_headers(site):
    expected = gateway.site_security_headers()
    for path in ("/", "/app.js", "/config.json", "/missing.png"):
        response = site.get(path)
        for name, value in expected.items():
            assert response.headers[name] == value, (path, name)


def test_an_idempotent_api_request_left_unanswered_is_sent_again_and_a_post_is_not(tmp_path):
    # An API that drops each method's first connection without an answer (as chalice local does when too many
    # arrive at once), then answers: the PUT is sent again, whole, and its answer reaches the client; the POST
    # is not (the API may have acted on it), and the client gets the gateway's 502.
    import http.server
    import threading

    received = []

    class Api(http.server.BaseHTTPRequestHandler):
        def answer(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            if (self.command, None) not in received:
                received.append((self.command, None))
                self.connection.shutdown(2)  # no answer at all
                return
            received.append((self.command, body))
            self.send_response(201)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"id": "d-1"}')

        do_PUT = do_POST = answer

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Api)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        client = Client(gateway.create_app(tmp_path, f"http://127.0.0.1:{server.server_port}"))
        response = client.put("/api/v1/dashboards/d-1", json={"label": "Twice?"})
        assert (response.status_code, response.json) == (201, {"id": "d-1"})
        assert received == [("PUT", None), ("PUT", b'{"label": "Twice?"}')]
        assert client.post("/api/v1/dashboards", json={"label": "Once"}).status_code == 502
        assert received[2:] == [("POST", None)]
    finally:
        server.shutdown()
