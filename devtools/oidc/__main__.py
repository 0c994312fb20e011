"""python -m devtools.oidc --host 127.0.0.1 --port 8002 --issuer http://127.0.0.1:8002

Environment fallbacks: OIDC_PORT, OIDC_ISSUER, OIDC_ACCESS_TOKEN_TTL (seconds), OIDC_API_AUDIENCE
(else the first entry of the backend's OIDC_AUDIENCE, so the two agree), OIDC_KEY_FILE (PEM; created
if missing, so tokens survive restarts), OIDC_REDIRECT_ORIGINS (comma list of extra trusted origins).
"""
from __future__ import annotations

import argparse
import ipaddress
import os
import sys
from urllib.parse import urlsplit

from werkzeug.serving import make_server

from devtools.oidc.app import DEFAULT_ACCESS_TOKEN_TTL, DEFAULT_API_AUDIENCE, create_app


def _default_audience(env) -> str:
    backend_audiences = [a.strip() for a in env.get("OIDC_AUDIENCE", "").split(",") if a.strip()]
    return env.get("OIDC_API_AUDIENCE") or (backend_audiences[0] if backend_audiences else DEFAULT_API_AUDIENCE)


def parse_args(argv: list[str] | None = None, env=os.environ) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m devtools.oidc", description="Local OpenID Connect provider.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(env.get("OIDC_PORT", 8002)))
    parser.add_argument("--issuer", default=env.get("OIDC_ISSUER"), help="default: http://HOST:PORT")
    parser.add_argument("--access-token-ttl", type=int,
                        default=int(env.get("OIDC_ACCESS_TOKEN_TTL", DEFAULT_ACCESS_TOKEN_TTL)))
    parser.add_argument("--audience", default=_default_audience(env), help="the aud of access tokens")
    parser.add_argument("--key-file", default=env.get("OIDC_KEY_FILE") or None)
    parser.add_argument("--redirect-origins", default=env.get("OIDC_REDIRECT_ORIGINS", ""),
                        help="comma list of trusted origins besides loopback ones")
    args = parser.parse_args(argv)
    args.issuer = (args.issuer or f"http://{args.host}:{args.port}").rstrip("/")
    if args.access_token_ttl <= 0:
        parser.error("--access-token-ttl must be a positive number of seconds")
    return args


def _is_loopback(host: str | None) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host or "").is_loopback
    except ValueError:
        return False


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not (_is_loopback(args.host) and _is_loopback(urlsplit(args.issuer).hostname)):
        # Authlib insists on https except for loopback hosts; a development provider reached by a
        # container name (http://oidc:8002) is still only on a private network, so allow plain http.
        os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")
    app = create_app(args.issuer, args.access_token_ttl, api_audience=args.audience, key_file=args.key_file,
                     redirect_origins=[o for o in args.redirect_origins.split(",") if o.strip()])
    server = make_server(args.host, args.port, app, threaded=True)
    print(f"Local OIDC provider: issuer {args.issuer} (listening on {args.host}:{args.port}); "
          f"access tokens for audience {args.audience!r}, {args.access_token_ttl} s", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
