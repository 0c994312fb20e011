"""Above the synchronous limit (lowered here to a few stations) a station write is not rebuilt by the
read that notices it: the explorer keeps answering from the previous snapshot, one rebuild job is
queued however many reads notice, and the worker's job publishes the new snapshot with what it cost."""
from __future__ import annotations

import os
import threading
import uuid

from chalicelib.core import aws
from chalicelib.core.models import utc_now
from chalicelib.statistics import service
from chalicelib.stations import service as stations
from chalicelib.stations.models import Station
from devtools.worker import poll_once


def test_reads_get_the_previous_snapshot_while_the_worker_rebuilds(api, demo, monkeypatch):
    import app

    queue_url = os.environ["IMPORT_QUEUE_URL"]
    arn = aws.client("sqs").get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    while poll_once(app.import_worker, queue_url, arn, wait_seconds=0):
        pass  # jobs other tests left queued: the worker catches up first
    previous = service.current()  # current, built by this read at this size
    monkeypatch.setattr(service, "SYNC_REBUILD_LIMIT", 5)
    identifier = f"QUEUED-{uuid.uuid4().hex[:8]}"
    stations.save_all([Station(id=str(uuid.uuid4()), organizationId=demo["org"], identifier=identifier,
                               name="Station of the queued rebuild", latitude=40.1, longitude=-75.2, createdAt=utc_now())])

    def ask() -> tuple[int, int]:
        answer = api.post("/statistic", {"search": identifier, "format": "objects"}).json
        return answer["snapshot"], answer["total"]

    assert ask() == ask() == (previous.version, 0)

    scanning, release = threading.Event(), threading.Event()
    scan = service.scan_stations

    def slow_scan(each_page, cost=None, expected_stations=0):
        scanning.set()
        release.wait(30)
        return scan(each_page, cost, expected_stations)

    monkeypatch.setattr(service, "scan_stations", slow_scan)
    # About ten segments for the previous snapshot's size (at 1,000,000 a segment per 20,000 stations
    # keeps DynamoDB Local's pages small): more segments than configured, still every station once.
    per_segment = max(1, previous.n // 10)
    monkeypatch.setattr(service, "STATIONS_PER_SEGMENT", per_segment)
    handled = []
    worker = threading.Thread(target=lambda: handled.append(poll_once(app.import_worker, queue_url, arn, wait_seconds=2)))
    worker.start()
    assert scanning.wait(30), "the worker did not start the rebuild"
    assert ask() == (previous.version, 0)  # while the worker scans
    release.set()
    worker.join(60)

    assert handled == [1]  # two reads noticed the change, one job was queued
    assert ask() == (previous.version + 1, 1)
    built = service._pointer()
    # Every live station, the new one included (other tests may have written stations without a read since).
    assert int(built["stations"]) == len(service.station_records()) >= previous.n + 1
    assert int(built["bytes"]) > 0 and float(built["requests"]) >= 1 and float(built["readUnits"]) >= 0
    assert float(built["segments"]) == min(service.MAX_SCAN_SEGMENTS, -(-previous.n // per_segment)) >= 10


def test_a_rebuild_keeps_the_previous_snapshot_and_deletes_the_one_before_it():
    from chalicelib.core.config import get_settings

    bucket = get_settings().uploads_bucket
    versions = [service.rebuild().version for _ in range(3)]
    assert versions == [versions[0], versions[0] + 1, versions[0] + 2]
    stored = {item["Key"] for item in aws.client("s3").list_objects_v2(
        Bucket=bucket, Prefix="snapshots/").get("Contents", [])}
    # The current snapshot and the one before it (a read may have taken its pointer just before the swap).
    assert {service.snapshot_key(versions[2]), service.snapshot_key(versions[1])} <= stored
    assert not {service.snapshot_key(v) for v in range(1, versions[1])} & stored
