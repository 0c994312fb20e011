"""The SQS-triggered worker: runs each queued job and reports the failed ones individually.

With ReportBatchItemFailures on the event source, only the failed messages return to the queue
(and after repeated failures to the dead-letter queue); the others are deleted.
"""
from __future__ import annotations

import json
import logging

from chalicelib.workers import jobs

logger = logging.getLogger(__name__)


def handle(event) -> dict:
    failures = []
    for record in event:
        try:
            jobs.run(json.loads(record.body))
        except Exception:  # noqa: BLE001 - one bad message must not fail the batch
            logger.exception("job failed: message %s", record.receipt_handle[:16])
            failures.append({"itemIdentifier": _message_id(record)})
    return {"batchItemFailures": failures}


def _message_id(record) -> str:
    return record.to_dict().get("messageId", "")
