"""Queue jobs of the explorer statistics: rebuilding the station snapshot of a large table."""
from chalicelib.statistics import service
from chalicelib.workers.jobs import job


@job("statistics-rebuild")
def rebuild_snapshot(message: dict) -> None:
    """Rebuild unless a rebuild since the request already made the snapshot current."""
    service.current_or_rebuild()
