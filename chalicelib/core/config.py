"""Every setting of the backend, read from the environment in one place.

The same code runs on AWS and locally; only these values differ (endpoint URL, names, issuer).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache


STORE_ATTEMPTS = 2
API_GATEWAY_TIMEOUT_SECONDS = 29


def _csv(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip())


@dataclass(frozen=True)
class Settings:
    app_name: str = "Open Water Data"
    version: str = "0.1.0"
    stage: str = "local"
    build_time: str = ""
    region: str = "us-east-1"
    # Empty on AWS; a moto server or LocalStack URL locally.
    endpoint_url: str | None = None
    table_prefix: str = "owd-local-"
    import_queue_url: str = ""
    uploads_bucket: str = ""
    oidc_issuer: str = ""
    # Audiences accepted in access tokens (`aud`, or Cognito's `client_id`).
    oidc_audiences: tuple[str, ...] = ()
    oidc_jwks_url: str = ""
    allowed_origins: tuple[str, ...] = field(default_factory=tuple)
    admin_emails: tuple[str, ...] = field(default_factory=tuple)
    # The largest GeoJSON file POST /system/upload-files takes. The body reaches Lambda base64-encoded
    # (+33 %) inside a synchronous invocation capped at 6 MB, so 4 MB is about the most that can arrive.
    gis_upload_limit_bytes: int = 4 * 1024 * 1024
    # Parallel Scan segments when the explorer snapshot is rebuilt from the stations table.
    station_scan_segments: int = 4
    # Whether that Scan asks only the explorer's attributes (less to transfer). The local moto server
    # applies a ProjectionExpression item by item in Python: there it made the Scan five times slower.
    station_scan_projection: bool = True
    # Import worker: rows per checkpointed chunk; how long a worker holds an import without a checkpoint
    # before another may take it over; the Lambda time (ms) kept back to hand the rest to a follow-up message.
    import_chunk_rows: int = 1000
    import_lease_seconds: int = 120
    import_time_reserve_ms: int = 60_000
    # How long after an import ended without its summaries (their update kept failing) a job recounts them: the
    # data store that failed five deliveries in a row is given a few minutes first (SQS delays at most 900 s).
    import_summaries_delay_seconds: int = 300
    # The sender of the product's email (invitations) and the address its links point to.
    mail_sender: str = "Open Water Data <no-reply@openwater.example>"
    app_url: str = "http://127.0.0.1:8000"
    # EPA's WQX Web services (tests point this at a local stand-in that checks the request signature).
    wqx_web_url: str = "https://cdx.epa.gov/WQXWeb/api"
    # WQP answers up to this size come back in the response; larger ones redirect to S3 (the 6 MB cap).
    wqp_inline_bytes: int = 5 * 1024 * 1024
    # Result and Activity answers of more rows than this are written by the queue worker, not while the caller
    # waits (docs/decisions/0009: the direct path's measured rate keeps this well under API Gateway's 29 s);
    # the caller follows redirects to /wqp/answers/{id}, each of which waits up to wqp_answer_wait_seconds.
    wqp_direct_max_results: int = 100_000
    wqp_answer_wait_seconds: float = 20
    # A sample-value download (GET /sampleValue) heavier than this many values (each DynamoDB request it needs
    # weighs as samples.answers.REQUEST_WEIGHT values) is written by the queue worker (docs/decisions/0009: the
    # direct path's measured cost on moto and Lambda keeps this well under API Gateway's 29 s); the caller follows
    # redirects to /sampleValueAnswers/{id}, each of which waits up to sample_download_wait_seconds.
    sample_download_direct_max_values: int = 50_000
    sample_download_wait_seconds: float = 20
    # A time-series download (GET /wapi/ts/download) heavier than this many values (each series weighs as
    # timeseries.answers.REQUEST_WEIGHT values) is written by the queue worker (docs/decisions/0011: the direct path's
    # measured cost keeps this well under API Gateway's 29 s); the caller follows redirects to
    # /wapi/ts/downloads/{id}, each of which waits up to ts_download_wait_seconds.
    ts_download_direct_max_values: int = 200_000
    ts_download_wait_seconds: float = 20
    # The explorer map's answer (POST /statistic, format columns) comes in pages of at most this many stations:
    # 15-24 B a station (24 with a value at every station; decision 0013): a page is at most ~3.7 MB, under
    # Lambda's 6 MB response cap.
    statistic_page_rows: int = 150_000

    # Every AWS call (DynamoDB, S3, SQS) gives up on an endpoint that does not connect or answer within these
    # seconds, after STORE_ATTEMPTS tries, and the request answers 503: the worst case stays under API
    # Gateway's 29 s integration timeout (and Lambda's 30 s), so a slow data store never hangs a request.
    store_connect_timeout_seconds: float = 3
    store_read_timeout_seconds: float = 10

    def table_name(self, short_name: str) -> str:
        return f"{self.table_prefix}{short_name}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    env = os.environ
    return Settings(
        app_name=env.get("APP_NAME", Settings.app_name),
        version=env.get("APP_VERSION", Settings.version),
        stage=env.get("STAGE", Settings.stage),
        build_time=env.get("BUILD_TIME", ""),
        region=env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or Settings.region,
        endpoint_url=env.get("AWS_ENDPOINT_URL") or None,
        table_prefix=env.get("TABLE_PREFIX", Settings.table_prefix),
        import_queue_url=env.get("IMPORT_QUEUE_URL", ""),
        uploads_bucket=env.get("UPLOADS_BUCKET", ""),
        oidc_issuer=env.get("OIDC_ISSUER", "").rstrip("/"),
        oidc_audiences=_csv(env.get("OIDC_AUDIENCE", "")),
        oidc_jwks_url=env.get("OIDC_JWKS_URL", ""),
        allowed_origins=_csv(env.get("ALLOWED_ORIGINS", "")),
        admin_emails=tuple(e.lower() for e in _csv(env.get("ADMIN_EMAILS", ""))),
        gis_upload_limit_bytes=int(env.get("GIS_UPLOAD_LIMIT_BYTES") or Settings.gis_upload_limit_bytes),
        station_scan_segments=max(1, int(env.get("STATION_SCAN_SEGMENTS") or Settings.station_scan_segments)),
        station_scan_projection=env.get("STATION_SCAN_PROJECTION", "1").strip().lower() not in ("0", "false", "no"),
        import_chunk_rows=max(1, int(env.get("IMPORT_CHUNK_ROWS") or Settings.import_chunk_rows)),
        import_lease_seconds=max(1, int(env.get("IMPORT_LEASE_SECONDS") or Settings.import_lease_seconds)),
        import_time_reserve_ms=max(0, int(env.get("IMPORT_TIME_RESERVE_MS") or Settings.import_time_reserve_ms)),
        import_summaries_delay_seconds=min(900, max(0, int(env.get("IMPORT_SUMMARIES_DELAY_SECONDS")
                                                          or Settings.import_summaries_delay_seconds))),
        mail_sender=env.get("MAIL_SENDER") or Settings.mail_sender,
        app_url=(env.get("APP_URL") or Settings.app_url).rstrip("/"),
        wqx_web_url=(env.get("WQX_WEB_URL") or Settings.wqx_web_url).rstrip("/"),
        wqp_inline_bytes=int(env.get("WQP_INLINE_BYTES") or Settings.wqp_inline_bytes),
        wqp_direct_max_results=int(env.get("WQP_DIRECT_MAX_RESULTS") or Settings.wqp_direct_max_results),
        wqp_answer_wait_seconds=float(env.get("WQP_ANSWER_WAIT_SECONDS") or Settings.wqp_answer_wait_seconds),
        sample_download_direct_max_values=int(env.get("SAMPLE_DOWNLOAD_DIRECT_MAX_VALUES")
                                              or Settings.sample_download_direct_max_values),
        sample_download_wait_seconds=float(env.get("SAMPLE_DOWNLOAD_WAIT_SECONDS")
                                           or Settings.sample_download_wait_seconds),
        ts_download_direct_max_values=int(env.get("TS_DOWNLOAD_DIRECT_MAX_VALUES")
                                          or Settings.ts_download_direct_max_values),
        ts_download_wait_seconds=float(env.get("TS_DOWNLOAD_WAIT_SECONDS") or Settings.ts_download_wait_seconds),
        statistic_page_rows=max(1, int(env.get("STATISTIC_PAGE_ROWS") or Settings.statistic_page_rows)),
        store_connect_timeout_seconds=float(env.get("AWS_CONNECT_TIMEOUT_SECONDS")
                                            or Settings.store_connect_timeout_seconds),
        store_read_timeout_seconds=float(env.get("AWS_READ_TIMEOUT_SECONDS") or Settings.store_read_timeout_seconds),
    )
