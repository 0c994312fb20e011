"""`make run`'s stand-in for the EventBridge rule: every 5 minutes (as app.import_sources is scheduled), the same
function runs the projects' import sources that are due. Start: python -m devtools.import_sources"""
from __future__ import annotations

import logging
import time

from chalicelib.sources.service import EVERY_MINUTES, run_due
from devtools.processes import quiet_libraries


def main(rounds: int | None = None) -> None:
    logging.basicConfig(level=logging.INFO, format="import sources: %(message)s")
    quiet_libraries()
    done = 0
    while rounds is None or done < rounds:
        started = time.monotonic()
        try:
            ran = run_due()
            if ran:
                logging.info("%d sources queued or checked", ran)
        except Exception:  # noqa: BLE001 - the stack may still be starting; try at the next round
            logging.exception("the round failed")
        done += 1
        if rounds is None or done < rounds:
            time.sleep(max(0.0, EVERY_MINUTES * 60 - (time.monotonic() - started)))


if __name__ == "__main__":
    main()
