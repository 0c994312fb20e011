"""The AWS stand-in a benchmark measures against: started on a free port (ENGINE chooses moto or
LocalStack), the template deployed into it, the app's settings and clients pointed at it."""
from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator


def start_deployed():
    """The started engine, deployed and configured; the caller stops it (engine.stop())."""
    from devtools import engines, local_stack
    from devtools.processes import free_port

    engine = engines.start(engines.selected(), free_port())
    try:
        os.environ.update(local_stack.deploy(engine.url))
        from chalicelib.core import aws
        from chalicelib.core.config import get_settings

        get_settings.cache_clear()
        aws.reset()
    except BaseException:
        engine.stop()
        raise
    return engine


@contextmanager
def deployed_stack() -> Iterator:
    engine = start_deployed()
    try:
        yield engine
    finally:
        engine.stop()
