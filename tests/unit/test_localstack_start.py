"""LocalStack keeps a service whose start failed failed: `devtools.localstack.start` starts a new instance once
when the first one does not become ready, and stops every instance it gives up on."""
from __future__ import annotations

import pytest

from devtools import localstack
from devtools.processes import StartupError


class _Instance(localstack.LocalStack):
    def stop(self) -> None:
        self.stopped = True


@pytest.fixture
def started(monkeypatch):
    instances: list[_Instance] = []

    def start_host(port, **options):
        instances.append(_Instance(url=f"http://127.0.0.1:{port}", runtime="host process"))
        return instances[-1]

    monkeypatch.setattr(localstack, "docker_available", lambda: False)
    monkeypatch.setattr(localstack, "_start_host", start_host)
    monkeypatch.setattr(localstack, "versions", lambda instance: {"LocalStack": "test"})
    return instances


def test_an_instance_whose_dynamodb_failed_is_replaced_by_a_new_one(started, monkeypatch):
    outcomes = iter([StartupError("LocalStack's DynamoDB failed to start"), None])

    def wait(instance):
        outcome = next(outcomes)
        if outcome is not None:
            raise outcome

    monkeypatch.setattr(localstack, "_wait_until_ready", wait)
    instance = localstack.start(4599)
    assert instance is started[1] and instance.versions == {"LocalStack": "test"}
    assert getattr(started[0], "stopped", False) and not getattr(started[1], "stopped", False)


def test_it_gives_up_after_the_second_instance_and_says_why(started, monkeypatch):
    def wait(instance):
        raise StartupError(f"LocalStack did not become ready at {instance.url}")

    monkeypatch.setattr(localstack, "_wait_until_ready", wait)
    with pytest.raises(StartupError, match="did not become ready at http://127.0.0.1:4599"):
        localstack.start(4599)
    assert len(started) == localstack.START_ATTEMPTS == 2
    assert all(getattr(instance, "stopped", False) for instance in started)


def test_an_interruption_stops_the_instance_without_a_second_start(started, monkeypatch):
    def wait(instance):
        raise KeyboardInterrupt

    monkeypatch.setattr(localstack, "_wait_until_ready", wait)
    with pytest.raises(KeyboardInterrupt):
        localstack.start(4599)
    assert len(started) == 1 and started[0].stopped
