"""The one place that builds boto3 clients and resources."""
from __future__ import annotations

from functools import lru_cache

import boto3
from botocore.config import Config

from chalicelib.core.config import get_settings

# Fail fast when the endpoint is down instead of hanging a request for a minute.
_CLIENT_CONFIG = Config(connect_timeout=3, read_timeout=20, retries={"max_attempts": 2, "mode": "standard"})


@lru_cache(maxsize=None)
def client(service: str):
    settings = get_settings()
    return boto3.session.Session().client(
        service, region_name=settings.region, endpoint_url=settings.endpoint_url, config=_CLIENT_CONFIG
    )


def reset() -> None:
    """Forget cached clients (tests change the settings between sessions)."""
    client.cache_clear()
