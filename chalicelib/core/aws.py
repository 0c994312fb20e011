"""The one place that builds boto3 clients and resources.

boto3 (with s3transfer) is imported on the first client, not with the app: most requests only
touch DynamoDB through pynamodb, and the import costs a Lambda cold start ~100 ms.
"""
from __future__ import annotations

from functools import lru_cache

from chalicelib.core.config import STORE_ATTEMPTS, get_settings


@lru_cache(maxsize=None)
def client(service: str):
    import boto3
    from botocore.config import Config

    settings = get_settings()
    # Fail fast when the endpoint is down instead of hanging a request for a minute; enough connections for
    # the report's concurrent series reads (chalicelib/reports/service.py).
    config = Config(connect_timeout=settings.store_connect_timeout_seconds,
                    read_timeout=settings.store_read_timeout_seconds,
                    retries={"total_max_attempts": STORE_ATTEMPTS, "mode": "standard"}, max_pool_connections=24,
                    # Presigned S3 URLs signed with SigV4 (botocore would sign them with SigV2, which regions opened
                    # since 2014 refuse), which also signs a part's Content-Length: S3 refuses a part of another size.
                    signature_version="s3v4" if service == "s3" else None)
    return boto3.session.Session().client(
        service, region_name=settings.region, endpoint_url=settings.endpoint_url, config=config
    )


def reset() -> None:
    """Forget cached clients (tests change the settings between sessions)."""
    client.cache_clear()
