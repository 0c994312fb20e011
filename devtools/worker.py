"""The local stand-in for Lambda's SQS event source: polls the import queue and calls the same handler.

Messages the handler reports in batchItemFailures stay on the queue and come back after the
visibility timeout (and reach the dead-letter queue after maxReceiveCount), exactly as on AWS.
"""
from __future__ import annotations

import logging
import signal
import time

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from devtools.processes import quiet_libraries

logger = logging.getLogger("worker")


class LambdaContext:
    function_name = "import_worker"
    memory_limit_in_mb = 512
    aws_request_id = "local"

    def get_remaining_time_in_millis(self) -> int:
        return 900_000


def to_lambda_event(messages: list[dict], queue_arn: str) -> dict:
    return {"Records": [{
        "messageId": m["MessageId"], "receiptHandle": m["ReceiptHandle"], "body": m["Body"],
        "attributes": m.get("Attributes", {}), "messageAttributes": m.get("MessageAttributes", {}),
        "md5OfBody": m.get("MD5OfBody", ""), "eventSource": "aws:sqs", "eventSourceARN": queue_arn,
        "awsRegion": get_settings().region,
    } for m in messages]}


def poll_once(handler, queue_url: str, queue_arn: str, wait_seconds: int = 5, batch_size: int = 10) -> int:
    sqs = aws.client("sqs")
    messages = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=batch_size, WaitTimeSeconds=wait_seconds,
                                   AttributeNames=["All"]).get("Messages", [])
    if not messages:
        return 0
    result = handler(to_lambda_event(messages, queue_arn), LambdaContext()) or {}
    failed = {f["itemIdentifier"] for f in result.get("batchItemFailures", [])}
    done = [{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]}
            for i, m in enumerate(messages) if m["MessageId"] not in failed]
    if done:
        sqs.delete_message_batch(QueueUrl=queue_url, Entries=done)
    return len(messages)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(levelname)s %(message)s")
    quiet_libraries()
    import app  # the same module Lambda loads

    queue_url = get_settings().import_queue_url
    queue_arn = aws.client("sqs").get_queue_attributes(
        QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    running = True

    def stop(*_):
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    logger.info("polling %s", queue_url)
    while running:
        try:
            poll_once(app.import_worker, queue_url, queue_arn, wait_seconds=2, batch_size=1)  # as app.py's batch_size
        except Exception:  # noqa: BLE001 - keep polling; the queue keeps the messages
            logger.exception("poll failed")
            time.sleep(2)


if __name__ == "__main__":
    main()
