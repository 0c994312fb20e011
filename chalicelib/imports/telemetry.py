"""CloudWatch metrics of imports (rows imported, rejected, unchanged) through powertools' Metrics, which
prints them in CloudWatch's embedded metric format: on Lambda the log becomes metrics, locally it is a log line."""
from __future__ import annotations

NAMESPACE = "OpenWaterData"


class ImportMetrics:
    def __init__(self):
        from aws_lambda_powertools import Metrics

        self._metrics = Metrics(namespace=NAMESPACE, service="imports")
        self._added = False

    def add(self, counts) -> None:
        from aws_lambda_powertools.metrics import MetricUnit

        for name, value in (("RowsImported", counts.rowsImported), ("RowsRejected", counts.rowsRejected),
                            ("RowsUnchanged", counts.rowsUnchanged)):
            self._metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)
        self._added = True

    def flush(self) -> None:
        if self._added:  # powertools warns about an empty flush
            self._metrics.flush_metrics()
            self._added = False
