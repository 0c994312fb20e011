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
