"""The queue worker runs each job through the same handler Lambda calls and reports failures per message."""
from __future__ import annotations

import json
import os

import boto3

from chalicelib.workers import jobs
from devtools.worker import poll_once

done: list[str] = []


@jobs.job("test-record")
def _record(message: dict) -> None:
    if message.get("fail"):
        raise ValueError("this job fails on purpose")
    done.append(message["value"])


def _sqs():
    return boto3.client("sqs", endpoint_url=os.environ["AWS_ENDPOINT_URL"], region_name="us-east-1")


def test_good_messages_are_run_and_deleted_and_a_failing_one_stays_queued():
    import app

    queue_url = os.environ["IMPORT_QUEUE_URL"]
    sqs = _sqs()
    sqs.purge_queue(QueueUrl=queue_url)
    for body in ({"type": "test-record", "value": "a"}, {"type": "test-record", "fail": True},
                 {"type": "test-record", "value": "b"}, {"type": "no-such-job"}):
        sqs.send_message(QueueUrl=queue_url, MessageBody=json.dumps(body))
    arn = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]

    handled = poll_once(app.import_worker, queue_url, arn, wait_seconds=1)

    assert handled == 4
    assert sorted(done) == ["a", "b"]
    attributes = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["All"])["Attributes"]
    # The two failures are back on the queue (in flight until their visibility timeout ends).
    assert int(attributes["ApproximateNumberOfMessagesNotVisible"]) == 2
    assert int(attributes["ApproximateNumberOfMessages"]) == 0


def test_every_job_the_product_queues_has_a_handler_in_the_worker():
    # The explorer queues a snapshot rebuild for large station tables; the worker must know it.
    assert "statistics-rebuild" in jobs.known_types()


@jobs.job("test-slow")
def _slow(message: dict) -> None:
    import time

    time.sleep(message["seconds"])
    done.append(message["value"])


def _hidden(sqs, queue_url: str) -> int:
    attributes = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["All"])["Attributes"]
    return int(attributes["ApproximateNumberOfMessagesNotVisible"])


def test_a_failed_job_comes_back_within_a_minute_and_a_running_one_stays_hidden_only_minutes(monkeypatch):
    """A worker that dies mid-job leaves it to another within minutes, not the queue's 16 (walk, 2026-11-27: an
    import's progress stood still for 16 minutes after its worker was killed)."""
    import threading

    import app
    from chalicelib.workers import imports as worker

    queue_url = os.environ["IMPORT_QUEUE_URL"]
    sqs = _sqs()
    sqs.purge_queue(QueueUrl=queue_url)
    arn = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    hidden: list[int] = []
    hide = worker._hide
    monkeypatch.setattr(worker, "_hide", lambda handle, seconds: (hidden.append(seconds), hide(handle, seconds)))

    sqs.send_message(QueueUrl=queue_url, MessageBody=json.dumps({"type": "test-record", "fail": True}))
    assert poll_once(app.import_worker, queue_url, arn, wait_seconds=1) == 1
    assert hidden == [worker.HIDDEN_SECONDS, worker.FIRST_RETRY_SECONDS]  # hidden while it ran, then 30 s only

    # A job running for a while: its message is hidden again and again, a few minutes each time.
    sqs.purge_queue(QueueUrl=queue_url)
    hidden.clear()
    monkeypatch.setattr(worker, "HEARTBEAT_SECONDS", 0.2)
    sqs.send_message(QueueUrl=queue_url, MessageBody=json.dumps({"type": "test-slow", "seconds": 1, "value": "slow"}))
    running = threading.Thread(target=poll_once, args=(app.import_worker, queue_url, arn), kwargs={"wait_seconds": 1})
    running.start()
    running.join(30)
    assert "slow" in done and len(hidden) >= 3 and set(hidden) == {worker.HIDDEN_SECONDS}
    assert _hidden(sqs, queue_url) == 0  # done: deleted
