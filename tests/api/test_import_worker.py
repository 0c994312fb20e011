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
