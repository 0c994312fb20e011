"""The local stand-in for CloudFront: serves the built SPA and proxies /api/v1 to the API.

It also plays three parts of the cloud configuration:
- the site's security headers (Content-Security-Policy, HSTS, ...) are read from CloudFront's response
  headers policy in infra/template.yaml, with the local identity provider and AWS stand-in as origins,
  so the browser tests run under the very policy the cloud sends;
- `/config.json` is generated from the environment, as the deploy step writes it next to the SPA;
- unknown API paths answer 404 in the product's JSON shape, as API Gateway's configured
  MISSING_AUTHENTICATION_TOKEN and INVALID_SIGNATURE gateway responses do (chalice local answers 403 there;
  devtools/package_stack.py configures them).
"""
from __future__ import annotations

import argparse
import io
import json
import os
import re
import time
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlsplit

from werkzeug.middleware.http_proxy import ProxyMiddleware
from werkzeug.middleware.shared_data import SharedDataMiddleware
from werkzeug.serving import run_simple
from werkzeug.wrappers import Request, Response

from devtools.package_stack import GATEWAY_RESPONSES

API_PREFIX = "/api/v1/"
HEADERS_POLICY = "SiteResponseHeadersPolicy"


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def local_policy_values() -> dict[str, str]:
    """What the cloud policy's ${...} names stand for locally."""
    return {
        "IdentityOrigins": origin_of(os.environ.get("OIDC_ISSUER", "http://127.0.0.1:8002")),
        # Presigned uploads go straight to the AWS stand-in (path-style URLs on its endpoint).
        "UploadsOrigins": origin_of(os.environ.get("AWS_ENDPOINT_URL", "")),
        "MapServiceOrigins": os.environ.get("MAP_SERVICE_ORIGINS", ""),
    }


def security_headers(template: dict, values: dict[str, str]) -> dict[str, str]:
    """The HTTP headers CloudFront adds with the template's site response headers policy, its
    Fn::Sub names filled in from `values` (an unknown name is an error, not a silent gap)."""
    config = template["Resources"][HEADERS_POLICY]["Properties"]["ResponseHeadersPolicyConfig"]["SecurityHeadersConfig"]
    csp = config["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    text = csp["Fn::Sub"][0] if isinstance(csp, dict) else csp

    def fill(match: re.Match) -> str:
        if match.group(1) not in values:
            raise KeyError(f"{HEADERS_POLICY}: no local value for ${{{match.group(1)}}}")
        return values[match.group(1)]

    hsts = config["StrictTransportSecurity"]
    return {
        "Content-Security-Policy": " ".join(re.sub(r"\$\{([^}]+)\}", fill, text).split()).replace(" ;", ";"),
        "Strict-Transport-Security": f"max-age={hsts['AccessControlMaxAgeSec']}"
                                     + ("; includeSubDomains" if hsts.get("IncludeSubdomains") else "")
                                     + ("; preload" if hsts.get("Preload") else ""),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": config["ReferrerPolicy"]["ReferrerPolicy"],
        "X-Frame-Options": config["FrameOptions"]["FrameOption"],
    }


def site_security_headers() -> dict[str, str]:
    from devtools.package_stack import load_infra_template

    return security_headers(load_infra_template(), local_policy_values())


class WithHeaders:
    """Adds the site's headers to every answer outside the API (CloudFront's default behaviour only)."""

    def __init__(self, app, headers: dict[str, str]):
        self.app, self.headers = app, list(headers.items())

    def __call__(self, environ, start_response):
        if environ.get("PATH_INFO", "").startswith(API_PREFIX):
            return self.app(environ, start_response)

        def with_headers(status, headers, exc_info=None):
            names = {name.lower() for name, _ in self.headers}
            kept = [(name, value) for name, value in headers if name.lower() not in names]
            return start_response(status, kept + self.headers, exc_info)

        return self.app(environ, with_headers)


def spa_config() -> dict:
    return {
        "apiBase": "/api/v1",
        "oidc": {
            "authority": os.environ.get("OIDC_ISSUER", "http://127.0.0.1:8002"),
            "clientId": os.environ.get("OIDC_CLIENT_ID", "spa"),
        },
    }


def _site_app(site_dir: Path):
    index = site_dir / "index.html"

    @Request.application
    def site(request: Request) -> Response:
        if request.path in ("/", "/index.html") and index.exists():
            return Response(index.read_bytes(), mimetype="text/html", headers={"Cache-Control": "no-cache"})
        if not index.exists():
            return Response("The SPA is not built yet: run `make build`.", status=503, mimetype="text/plain")
        return Response("Not found", status=404, mimetype="text/plain")

    static = SharedDataMiddleware(site, {"/": str(site_dir)})

    # The generated config wins over the build's own public/config.json (the development default).
    @Request.application
    def config(request: Request) -> Response:
        return Response(json.dumps(spa_config()), mimetype="application/json", headers={"Cache-Control": "no-store"})

    def site_with_config(environ, start_response):
        if environ.get("PATH_INFO") == "/config.json":
            return config(environ, start_response)
        return static(environ, start_response)

    return site_with_config


# API Gateway's limit on a request body; its REQUEST_TOO_LARGE answer, as the cloud template configures it.
MAX_BODY_BYTES = 10 * 1024 * 1024


def _is_unknown_route(body: bytes) -> bool:
    # chalice local's answers for a path or method it has no route for, as API Gateway's: "Missing
    # Authentication Token", or, when the request has an Authorization header that is not SigV4 (a bearer
    # token), "Authorization header requires 'Credential' parameter. ..." (INVALID_SIGNATURE).
    return b"Missing Authentication Token" in body or b"Authorization header requires 'Credential'" in body


def _gateway_answer(kind: str, environ, start_response):
    """API Gateway's own answer of this kind with the template's body (devtools/package_stack.py)."""
    answer = GATEWAY_RESPONSES[kind]
    body = answer["responseTemplates"]["application/json"]
    body = body.replace("$context.httpMethod", environ["REQUEST_METHOD"]).replace("$context.path", environ["PATH_INFO"])
    status = int(answer["statusCode"])
    start_response(f"{status} {HTTPStatus(status).phrase.upper()}",
                   [("Content-Type", "application/json"), ("Content-Length", str(len(body.encode())))])
    return [body.encode()]


class UnknownApiRouteAs404:
    """API Gateway's own answers to API requests, in the API's JSON error shape: 404 for a route it does not
    have (chalice local answers 403 there) and 413 for a body over its limit."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        if not environ.get("PATH_INFO", "").startswith(API_PREFIX):
            return self.app(environ, start_response)
        if int(environ.get("CONTENT_LENGTH") or 0) > MAX_BODY_BYTES:
            return _gateway_answer("REQUEST_TOO_LARGE", environ, start_response)
        captured: dict = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        body = b"".join(self.app(environ, capture))
        if captured["status"].startswith("403") and _is_unknown_route(body):
            return _gateway_answer("MISSING_AUTHENTICATION_TOKEN", environ, start_response)
        start_response(captured["status"], captured["headers"])
        return [body]


def with_viewer_address(app):
    """As CloudFront does for the API origin: the viewer's address and port in CloudFront-Viewer-Address
    (what a client sends under that name is replaced), which the audit trail records."""

    def viewer_address(environ, start_response):
        if environ.get("PATH_INFO", "").startswith(API_PREFIX):
            address, port = environ.get("REMOTE_ADDR", ""), environ.get("REMOTE_PORT", "0")
            environ["HTTP_CLOUDFRONT_VIEWER_ADDRESS"] = f"{address}:{port}"
        return app(environ, start_response)

    return viewer_address


class OriginConnectionAttempts:
    """As CloudFront tries to reach an origin up to three times (ConnectionAttempts), an API request that
    got no answer at all from the API (the proxy's own 502, not one of the API's JSON answers) is sent
    again: chalice local accepts few connections at once, and a burst of users gets some reset before the
    API ever reads them (its log shows no such request). Only idempotent methods are sent again: the proxy's
    502 cannot tell a connection refused from an answer lost after the API acted, and a repeated POST could
    import a file twice."""

    IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})

    def __init__(self, app, attempts: int = 3):
        self.app, self.attempts = app, attempts

    def __call__(self, environ, start_response):
        length = environ.get("CONTENT_LENGTH")
        if (not environ.get("PATH_INFO", "").startswith(API_PREFIX) or length is None
                or environ.get("REQUEST_METHOD") not in self.IDEMPOTENT):
            return self.app(environ, start_response)
        body = environ["wsgi.input"].read(int(length or 0))
        for attempt in range(1, self.attempts + 1):
            captured: dict = {}

            def capture(status, headers, exc_info=None):
                captured["status"], captured["headers"] = status, headers
                return lambda data: None

            result = self.app({**environ, "wsgi.input": io.BytesIO(body)}, capture)
            if attempt == self.attempts or not self.unanswered(captured["status"], captured["headers"]):
                break
            getattr(result, "close", lambda: None)()
            time.sleep(0.2 * attempt)
        start_response(captured["status"], captured["headers"])
        return result

    @staticmethod
    def unanswered(status: str, headers: list) -> bool:
        return status.startswith("502") and any(name.lower() == "content-type" and value.startswith("text/html")
                                                for name, value in headers)


def create_app(site_dir: Path, api_url: str):
    # API Gateway waits 29 s for the API (its integration timeout) before answering 504 itself.
    proxied = ProxyMiddleware(_site_app(site_dir), {
        API_PREFIX: {"target": f"{api_url.rstrip('/')}{API_PREFIX}", "remove_prefix": True},
    }, timeout=29)
    return WithHeaders(UnknownApiRouteAs404(with_viewer_address(OriginConnectionAttempts(proxied))),
                       site_security_headers())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--api", default=f"http://127.0.0.1:{os.environ.get('API_PORT', 8001)}")
    parser.add_argument("--site", default=str(Path(__file__).resolve().parent.parent / os.environ.get("SPA_DIR", "frontend/dist")))
    args = parser.parse_args()
    run_simple(args.host, args.port, create_app(Path(args.site), args.api), threaded=True)


if __name__ == "__main__":
    main()
