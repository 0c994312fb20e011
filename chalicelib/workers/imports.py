"""The SQS-triggered worker: runs each queued job and reports the failed ones individually.

aws-lambda-powertools' BatchProcessor answers Lambda's ReportBatchItemFailures: only the failed
messages return to the queue (and after repeated failures to the dead-letter queue); the others are
deleted. Powertools is imported on the first message, so the API's cold start does not pay for it.

The queue hides a message it handed out for its visibility timeout (16 minutes: longer than a Lambda may run).
A job keeps its message hidden only a few minutes at a time while it runs (a heartbeat), so a worker that dies
leaves its job to another within minutes (an import resumes from its checkpoint), not after 16; a job that failed
comes back after 30 s, then 1, 2, 4... minutes.
"""
from __future__ import annotations

import json
import logging
import threading

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 60  # how often a running job's message is hidden again
HIDDEN_SECONDS = 180  # for how long: past an import's lease (120 s), so its worker's claim has lapsed by then
FIRST_RETRY_SECONDS = 30


def handle(event, context=None) -> dict:
    from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response

    from chalicelib.workers import jobs

    raw = event.to_dict() if hasattr(event, "to_dict") else event
    context = context if context is not None else getattr(event, "context", None)
    # A batch whose every message failed is answered like any other (all reported), not raised.
    processor = BatchProcessor(event_type=EventType.SQS, raise_on_entire_batch_failure=False)
    with jobs.lambda_context(context):
        return process_partial_response(event=raw, record_handler=_run, processor=processor, context=context)


def _run(record) -> None:
    from chalicelib.workers import jobs

    try:
        message = json.loads(record.body)
        if not isinstance(message, dict):
            raise ValueError("A job message must be a JSON object")
    except ValueError:  # said, then failed: after its retries the dead-letter queue holds it
        logger.exception("job failed: message %s is no job", record.message_id)
        raise
    # How often SQS has delivered it: the last delivery before the dead-letter queue can say so.
    message["receiveCount"] = int(record.attributes.approximate_receive_count or 1)
    stop = threading.Event()
    heartbeat = threading.Thread(target=_keep_hidden, args=(record.receipt_handle, stop), daemon=True,
                                 name="job-heartbeat")
    heartbeat.start()
    try:
        jobs.run(message)
    except Exception:
        logger.exception("job failed: message %s", record.message_id)
        _hide(record.receipt_handle, min(900, FIRST_RETRY_SECONDS * 2 ** (message["receiveCount"] - 1)))
        raise
    finally:
        stop.set()


def _keep_hidden(receipt_handle: str, stop: threading.Event) -> None:
    _hide(receipt_handle, HIDDEN_SECONDS)
    while not stop.wait(HEARTBEAT_SECONDS):
        _hide(receipt_handle, HIDDEN_SECONDS)


def _hide(receipt_handle: str, seconds: int) -> None:
    """The message hidden from other workers for `seconds` from now (best effort: the queue's own timeout else)."""
    from chalicelib.core import aws
    from chalicelib.core.config import get_settings

    try:
        aws.client("sqs").change_message_visibility(QueueUrl=get_settings().import_queue_url,
                                                    ReceiptHandle=receipt_handle, VisibilityTimeout=seconds)
    except Exception:  # noqa: BLE001 - a message already deleted or handed out again: nothing to keep
        logger.warning("could not change the visibility of a job message", exc_info=True)
