"""One-time fills of an attribute a newer index needs: an item written before the attribute existed is in no
page of that index. A fill runs once per stack (a marker item in the catalog table records it) and is asked
about once per process."""
from __future__ import annotations

from typing import Callable

from chalicelib.core.models import utc_now

_done: set[str] = set()  # markers this process has seen in place


def once(marker: str, fill: Callable[[], None]) -> None:
    """Run `fill` unless the stack has run it (the catalog holds `marker`), then record it."""
    if marker in _done:
        return
    from chalicelib.reference.models import CatalogItem

    try:
        CatalogItem.get(marker)
    except CatalogItem.DoesNotExist:
        fill()
        CatalogItem(id=marker, kind="migration", createdAt=utc_now()).save()
    _done.add(marker)


def forget(marker: str) -> None:
    """Ask the catalog again on the next call (a test that removed the marker)."""
    _done.discard(marker)
