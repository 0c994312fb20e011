"""The SQS-triggered worker: runs each queued job and reports the failed ones individually.

aws-lambda-powertools' BatchProcessor answers Lambda's ReportBatchItemFailures: only the failed
messages return to the queue (and after repeated failures to the dead-letter queue); the others are
deleted. Powertools is imported on the first message, so the API's cold start does not pay for it.
"""
from __future__ import annotations

import json
import logging

logger = logging.getLogger(__name__)


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

    message = json.loads(record.body)
    if not isinstance(message, dict):
        raise ValueError("A job message must be a JSON object")
    # How often SQS has delivered it: the last delivery before the dead-letter queue can say so.
    message["receiveCount"] = int(record.attributes.approximate_receive_count or 1)
    try:
        jobs.run(message)
    except Exception:
        logger.exception("job failed: message %s", record.message_id)
        raise
