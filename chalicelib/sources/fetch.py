"""Fetching a source's URL without letting it reach what it should not (server-side request forgery):
only http(s); in the cloud, only public addresses (the host is resolved once, every address checked, and
the connection made to the checked address, so a second DNS answer cannot point elsewhere); no
redirects followed; a bounded time and size."""
from __future__ import annotations

import hashlib
import ipaddress
import re
import socket
import tempfile
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import urllib3

MAX_BYTES = 256 * 1024 * 1024
CONNECT_SECONDS = 5.0
READ_SECONDS = 30.0
TOTAL_SECONDS = 120.0


class Refused(ValueError):
    """A URL this product will not fetch; the message says why."""


class FetchFailed(RuntimeError):
    """The source answered slowly, with an error, or too much."""


def check_url(url: str, *, cloud: bool, resolve: bool | None = None) -> tuple[str, str, int, list[str]]:
    """(scheme, host, port, addresses to connect to); Refused for anything but a public http(s) URL in the cloud.
    The host is resolved in the cloud (to check its addresses) or when `resolve` asks (to connect)."""
    if not isinstance(url, str) or len(url) > 2000:
        raise Refused("url must be an http(s) address of at most 2,000 characters.")
    try:
        parts = urlsplit(url.strip())
        hostname = parts.hostname
    except ValueError:  # an unclosed [ of an IPv6 address, and the like
        raise Refused("The URL is not a valid web address: check its brackets and characters.") from None
    if parts.scheme not in ("http", "https") or not hostname:
        raise Refused("Only http and https URLs can be imported.")
    if parts.username or parts.password:
        raise Refused("A URL with a user name or password is not accepted; use a public address.")
    if not _valid_host(hostname):
        raise Refused(f"The URL's host {hostname!r} is not a valid host name: use letters, digits, dots and hyphens.")
    if any(c.isspace() or ord(c) < 32 for c in url.strip()):
        raise Refused("The URL holds a space or another blank; write a space as %20.")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise Refused("The URL's port is not a number.") from None
    if not (cloud if resolve is None else resolve or cloud):
        return parts.scheme, parts.hostname, port, []
    try:
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise Refused(f"The host {parts.hostname!r} cannot be found.") from None
    addresses = list(dict.fromkeys(info[4][0] for info in infos))
    if cloud:
        for address in addresses:
            if not ipaddress.ip_address(address.split("%")[0]).is_global:
                raise Refused("The URL points at a private, loopback or link-local address; only public addresses "
                              "can be imported.")
    return parts.scheme, parts.hostname, port, addresses


_HOST_LABEL = re.compile(r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)")


def _valid_host(hostname: str) -> bool:
    """An IP address, or a host name of letters, digits, hyphens (and underscores) between dots; an international
    name as its ASCII (IDNA) form."""
    try:
        ipaddress.ip_address(hostname)
        return True
    except ValueError:
        pass
    try:
        ascii_name = hostname.encode("idna").decode("ascii")
    except UnicodeError:
        return False
    labels = ascii_name[:-1].split(".") if ascii_name.endswith(".") else ascii_name.split(".")
    return len(ascii_name) <= 253 and all(_HOST_LABEL.fullmatch(label) for label in labels)


@dataclass
class Fetched:
    file: object  # a temporary file, at its start
    size: int
    sha256: str


def _unreachable(exc: Exception, read_seconds: float) -> str:
    """Why no answer came, in words (an exception's name, such as NewConnectionError, says nothing to a person)."""
    if isinstance(exc, urllib3.exceptions.SSLError):
        return "The source could not be reached: its HTTPS certificate could not be verified."
    if isinstance(exc, urllib3.exceptions.ReadTimeoutError):
        return f"The source could not be reached: it did not answer within {read_seconds:.0f} s."
    if isinstance(exc, (urllib3.exceptions.NewConnectionError, urllib3.exceptions.ConnectTimeoutError)):
        return "The source could not be reached: nothing answered at its address."
    return f"The source could not be reached: {type(exc).__name__}."


def fetch(url: str, *, cloud: bool, read_seconds: float = READ_SECONDS, total_seconds: float = TOTAL_SECONDS) -> Fetched:
    scheme, host, port, addresses = check_url(url, cloud=cloud, resolve=True)
    parts = urlsplit(url.strip())
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    timeout = urllib3.Timeout(connect=CONNECT_SECONDS, read=read_seconds)
    if scheme == "https":
        pool = urllib3.HTTPSConnectionPool(addresses[0], port, timeout=timeout, retries=False,
                                           server_hostname=host, assert_hostname=host)
    else:
        pool = urllib3.HTTPConnectionPool(addresses[0], port, timeout=timeout, retries=False)
    started = time.monotonic()
    try:
        response = pool.urlopen("GET", path, headers={"Host": host if port in (80, 443) else f"{host}:{port}",
                                                      "User-Agent": "OpenWaterData-import-source/1"},
                                redirect=False, preload_content=False)
    except urllib3.exceptions.HTTPError as exc:
        raise FetchFailed(_unreachable(exc, read_seconds)) from exc
    try:
        if response.status != 200:
            raise FetchFailed(f"The source answered HTTP {response.status} instead of a file.")
        spool = tempfile.SpooledTemporaryFile(max_size=8 * 1024 * 1024)
        digest, size = hashlib.sha256(), 0
        try:
            for block in response.stream(1024 * 1024):
                size += len(block)
                if size > MAX_BYTES:
                    raise FetchFailed("The source's answer is larger than 256 MB.")
                if time.monotonic() - started > total_seconds:
                    raise FetchFailed(f"The source took longer than {total_seconds:.0f} s to answer.")
                digest.update(block)
                spool.write(block)
        except urllib3.exceptions.HTTPError as exc:
            raise FetchFailed(f"The source stopped answering: {type(exc).__name__}.") from exc
        spool.seek(0)
        return Fetched(spool, size, digest.hexdigest())
    finally:
        response.release_conn()
