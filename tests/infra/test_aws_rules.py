"""AWS rules the product relies on, checked against the session's AWS stand-in (LocalStack with DynamoDB
Local in `make test`; moto with plain `pytest`).

moto does not enforce some of them (measured: it accepts a presigned POST over its size limit, of the
wrong type or after expiry, and grants CORS to any origin). Those tests are expected failures on moto, strictly: a moto that starts
enforcing them turns them red, and the mark can go.
"""
from __future__ import annotations

import os
import time
import uuid

import boto3
import pytest
import requests

from devtools import engines
from devtools.package_stack import load_infra_template

ON_MOTO = engines.selected() == "moto"
moto_does_not_enforce = pytest.mark.xfail(ON_MOTO, strict=True,
                                          reason="moto 5.1 accepts presigned POSTs that break their policy")


def client(service: str):
    return boto3.client(service, endpoint_url=os.environ["AWS_ENDPOINT_URL"], region_name=os.environ["AWS_REGION"])


@pytest.fixture(scope="module")
def bucket() -> str:
    return os.environ["UPLOADS_BUCKET"]


def presigned_post(bucket: str, *, max_bytes: int = 1000, expires_in: int = 300) -> dict:
    """A presigned POST like the product's import uploads: a size range and a content type in the policy."""
    key = f"test-uploads/{uuid.uuid4()}.csv"
    return client("s3").generate_presigned_post(
        bucket, key, Fields={"Content-Type": "text/csv"},
        Conditions=[["content-length-range", 1, max_bytes], {"Content-Type": "text/csv"}], ExpiresIn=expires_in)


def upload(post: dict, body: bytes, **field_changes) -> requests.Response:
    return requests.post(post["url"], data={**post["fields"], **field_changes},
                         files={"file": ("data.csv", body, field_changes.get("Content-Type", "text/csv"))}, timeout=30)


def test_a_presigned_post_within_its_policy_stores_the_file(bucket):
    post = presigned_post(bucket)
    assert upload(post, b"a,b\n1,2\n").status_code == 204
    stored = client("s3").get_object(Bucket=bucket, Key=post["fields"]["key"])
    assert stored["Body"].read() == b"a,b\n1,2\n"


@moto_does_not_enforce
def test_a_presigned_post_over_its_size_limit_is_refused(bucket):
    answer = upload(presigned_post(bucket, max_bytes=10), b"x" * 11)
    assert answer.status_code == 400
    assert "EntityTooLarge" in answer.text


@moto_does_not_enforce
def test_a_presigned_post_of_another_content_type_is_refused(bucket):
    answer = upload(presigned_post(bucket), b"a,b\n", **{"Content-Type": "application/zip"})
    assert answer.status_code == 403
    assert "AccessDenied" in answer.text


@moto_does_not_enforce
def test_an_expired_presigned_post_is_refused(bucket):
    post = presigned_post(bucket, expires_in=1)
    time.sleep(2.5)
    answer = upload(post, b"a,b\n")
    assert answer.status_code == 403
    assert "AccessDenied" in answer.text


def test_a_message_that_keeps_failing_goes_to_the_dead_letter_queue_after_the_template_s_retries():
    redrive = load_infra_template()["Resources"]["ImportQueue"]["Properties"]["RedrivePolicy"]
    sqs = client("sqs")
    name = f"test-redrive-{uuid.uuid4().hex[:8]}"
    dead = sqs.create_queue(QueueName=f"{name}-dlq")["QueueUrl"]
    dead_arn = sqs.get_queue_attributes(QueueUrl=dead, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    queue = sqs.create_queue(QueueName=name, Attributes={"RedrivePolicy": (
        f'{{"deadLetterTargetArn": "{dead_arn}", "maxReceiveCount": "{redrive["maxReceiveCount"]}"}}')})["QueueUrl"]
    try:
        sqs.send_message(QueueUrl=queue, MessageBody='{"type": "import-data", "logId": "poison"}')
        received = 0
        for _ in range(redrive["maxReceiveCount"] + 2):
            # A worker that fails: it receives the message and never deletes it.
            messages = sqs.receive_message(QueueUrl=queue, VisibilityTimeout=0, WaitTimeSeconds=1).get("Messages", [])
            received += len(messages)
        assert received == redrive["maxReceiveCount"]
        moved = sqs.receive_message(QueueUrl=dead, WaitTimeSeconds=2).get("Messages", [])
        assert [m["Body"] for m in moved] == ['{"type": "import-data", "logId": "poison"}']
    finally:
        sqs.delete_queue(QueueUrl=queue)
        sqs.delete_queue(QueueUrl=dead)


def preflight(bucket: str, origin: str) -> requests.Response:
    return requests.options(f"{os.environ['AWS_ENDPOINT_URL']}/{bucket}", timeout=10, headers={
        "Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"})


def test_the_uploads_bucket_lets_the_spa_s_origin_post_a_file(bucket):
    answer = preflight(bucket, "http://127.0.0.1:8000")
    assert answer.status_code == 200
    assert answer.headers["Access-Control-Allow-Origin"] == "http://127.0.0.1:8000"
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]


@pytest.mark.xfail(ON_MOTO, strict=True, reason="moto 5.1 answers any origin's preflight with a grant")
def test_the_uploads_bucket_gives_another_origin_no_cors_grant(bucket):
    answer = preflight(bucket, "https://elsewhere.example")
    assert answer.status_code == 403
    assert "Access-Control-Allow-Origin" not in answer.headers
