"""`make run` refuses to start over another program and says which variable moves the port."""
import socket

import pytest

from devtools.processes import StartupError, free_port
from devtools.run import Ports, check_ports


def test_a_busy_port_is_named_with_the_variable_that_moves_it():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        ports = Ports(gateway=free_port(), api=taken, oidc=free_port(), aws=free_port())
        with pytest.raises(StartupError) as error:
            check_ports(ports)
    assert f"Port {taken} is already in use" in str(error.value)
    assert "API_PORT=<port> make run" in str(error.value)


def test_free_ports_pass():
    check_ports(Ports(gateway=free_port(), api=free_port(), oidc=free_port(), aws=free_port()))


def test_emails_link_to_this_copys_gateway_whatever_its_port(monkeypatch):
    # An invitation sent by a copy started with PORT=8400 had linked to port 8000 (another copy, or nothing).
    from devtools.run import base_env

    monkeypatch.delenv("APP_URL", raising=False)
    assert base_env(Ports(gateway=8400, api=8401, oidc=8402, aws=8403))["APP_URL"] == "http://127.0.0.1:8400"
    monkeypatch.setenv("APP_URL", "https://water.example.org")
    assert base_env(Ports(gateway=8400, api=8401, oidc=8402, aws=8403))["APP_URL"] == "https://water.example.org"
