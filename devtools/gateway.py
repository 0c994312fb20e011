"""The local stand-in for CloudFront: serves the built SPA and proxies /api/v1 to the API.

It also plays two parts of the cloud configuration:
- `/config.json` is generated from the environment, as the deploy step writes it next to the SPA;
- unknown API paths answer 404 in the product's JSON shape, as API Gateway's configured
  MISSING_AUTHENTICATION_TOKEN gateway response does (chalice local answers 403 there).
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from werkzeug.middleware.http_proxy import ProxyMiddleware
from werkzeug.middleware.shared_data import SharedDataMiddleware
from werkzeug.serving import run_simple
from werkzeug.wrappers import Request, Response

API_PREFIX = "/api/v1/"


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


class UnknownApiRouteAs404:
    """Rewrite API Gateway's 'Missing Authentication Token' 403 for unknown routes into a JSON 404."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        if not environ.get("PATH_INFO", "").startswith(API_PREFIX):
            return self.app(environ, start_response)
        captured: dict = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        body = b"".join(self.app(environ, capture))
        if captured["status"].startswith("403") and b"Missing Authentication Token" in body:
            method, path = environ["REQUEST_METHOD"], environ["PATH_INFO"]
            body = json.dumps({"statusCode": 404, "message": f"Cannot {method} {path}",
                               "error": "Not Found"}).encode()
            start_response("404 NOT FOUND", [("Content-Type", "application/json"),
                                             ("Content-Length", str(len(body)))])
            return [body]
        start_response(captured["status"], captured["headers"])
        return [body]


def create_app(site_dir: Path, api_url: str):
    proxied = ProxyMiddleware(_site_app(site_dir), {
        API_PREFIX: {"target": f"{api_url.rstrip('/')}{API_PREFIX}", "remove_prefix": True},
    })
    return UnknownApiRouteAs404(proxied)


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
