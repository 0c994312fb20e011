"""`make run`: the whole product on loopback, the same code paths as on AWS.

the AWS stand-in, ENGINE=moto (default) or localstack (devtools/engines.py): DynamoDB, SQS, S3, SES,
    with the infra template deployed into its CloudFormation
local OIDC provider with demo users
chalice local (the API) + the import worker polling the queue
the gateway: the built SPA with /api/v1 proxied (the local stand-in for CloudFront)
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from devtools import engines
from devtools.processes import StartupError, die_with_parent, port_in_use, wait_until_up

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
# Programs whose every request would scroll the banner away (the AWS stand-in answers the worker's queue
# polling every 2 s; the gateway logs each file of the SPA) write here instead of the terminal.
LOGS = ROOT / ".run" / "logs"


@dataclass(frozen=True)
class Ports:
    gateway: int
    api: int
    oidc: int
    aws: int

    @classmethod
    def from_env(cls) -> "Ports":
        env = os.environ
        return cls(int(env.get("PORT", 8000)), int(env.get("API_PORT", 8001)),
                   int(env.get("OIDC_PORT", 8002)), int(env.get("AWS_PORT", 8003)))

    def named(self) -> dict[str, int]:
        return {"PORT": self.gateway, "API_PORT": self.api, "OIDC_PORT": self.oidc, "AWS_PORT": self.aws}


def check_ports(ports: Ports) -> None:
    """Refuse to start over another program, naming the port and the variable that moves it."""
    for variable, port in ports.named().items():
        if port_in_use(port):
            raise StartupError(f"Port {port} is already in use (another `make run`?). "
                               f"Stop that program or choose another port: {variable}=<port> make run")


RESTART_AFTER_SECONDS = 10


class Supervisor:
    """Starts child processes and stops every one of them on exit, Ctrl-C or SIGTERM."""

    def __init__(self) -> None:
        self.children: list[tuple[str, subprocess.Popen]] = []
        self.logs: dict[str, Path] = {}
        self.restartable: dict[str, tuple[list[str], dict[str, str]]] = {}
        self.started: dict[str, float] = {}

    def start(self, name: str, args: list[str], env: dict[str, str], log: str | None = None,
              restart: bool = False) -> subprocess.Popen:
        """Start a child; with `log`, its output goes to that file of LOGS (overwritten) rather than the terminal;
        with `restart`, `watch` starts it again when it stops (as Lambda starts another worker: the queue gives the
        job of one that died to the next)."""
        if restart:
            self.restartable[name] = (args, env)
        self.started[name] = time.monotonic()
        output = None
        if log:
            LOGS.mkdir(parents=True, exist_ok=True)
            self.logs[name] = LOGS / log
            output = open(self.logs[name], "wb")  # noqa: SIM115 - the child holds it; closed with this process
        process = subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True, preexec_fn=die_with_parent,
                                   stdout=output, stderr=subprocess.STDOUT if output else None)
        self.children.append((name, process))
        return process

    def show_log_of_stopped(self, count: int = 20) -> None:
        """Print the end of the log file of each child that has stopped, when its output went to one."""
        for name, process in self.children:
            path = self.logs.get(name)
            if process.poll() is not None and path is not None and path.exists():
                lines = path.read_text(errors="replace").splitlines()[-count:]
                print(f"The end of the {name}'s log ({path.relative_to(ROOT)}):", *lines, sep="\n", file=sys.stderr)

    def stop_all(self) -> None:
        """Stop children in reverse start order, so the AWS stand-in outlives its clients."""
        for _, process in reversed(self.children):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    # LocalStack takes up to 15 s to stop its DynamoDB Local (devtools/localstack.py).
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()

    def watch(self) -> str:
        """Block until a child that is not restarted exits; return its name."""
        while True:
            for index, (name, process) in enumerate(self.children):
                if process.poll() is None:
                    continue
                # One that stops at once would stop again: that is a fault to show, not to repeat.
                if name not in self.restartable or time.monotonic() - self.started[name] < RESTART_AFTER_SECONDS:
                    return name
                print(f"{name} stopped (exit code {process.returncode}); starting it again.", file=sys.stderr,
                      flush=True)
                args, env = self.restartable[name]
                self.children[index] = (name, subprocess.Popen(args, cwd=ROOT, env=env, start_new_session=True,
                                                               preexec_fn=die_with_parent))
                self.started[name] = time.monotonic()
            time.sleep(0.5)


def base_env(ports: Ports) -> dict[str, str]:
    issuer = f"http://127.0.0.1:{ports.oidc}"
    return {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "STAGE": "local",
        "OIDC_ISSUER": issuer,
        # Where e-mails (invitations) send people: this copy's gateway, whatever port it was given.
        "APP_URL": os.environ.get("APP_URL", f"http://127.0.0.1:{ports.gateway}"),
        "OIDC_AUDIENCE": os.environ.get("OIDC_AUDIENCE", "owd-api"),
        "OIDC_CLIENT_ID": "spa",
        # Kept across restarts so a browser session survives `make run` being restarted.
        "OIDC_KEY_FILE": os.environ.get("OIDC_KEY_FILE", str(ROOT / ".run" / "oidc-key.pem")),
        "ADMIN_EMAILS": os.environ.get("ADMIN_EMAILS", "admin@demo.openwater.example"),
        "BUILD_TIME": os.environ.get("BUILD_TIME", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())),
        # The local moto server answers one request at a time (devtools/moto_server.py): parallel
        # Scan segments would only queue there, each long page pushing the next one towards a timeout.
        "STATION_SCAN_SEGMENTS": os.environ.get("STATION_SCAN_SEGMENTS", "1"),
    }


def start_product(ports: Ports, supervisor: Supervisor) -> dict[str, str]:
    from devtools import local_stack

    check_ports(ports)
    env = base_env(ports)
    engine = engines.selected()
    aws_url = f"http://127.0.0.1:{ports.aws}"
    stand_in = supervisor.start(f"AWS stand-in ({engine})", engines.server_command(engine, ports.aws), env,
                                log="aws-stand-in.log")
    wait_until_up(aws_url + engines.ready_path(engine), f"AWS stand-in ({engine})", stand_in, timeout=180)
    env.update(local_stack.deploy(aws_url))
    env.update(engines.app_settings(engine))

    oidc = supervisor.start("OIDC provider", [PYTHON, "-m", "devtools.oidc", "--host", "127.0.0.1",
                                              "--port", str(ports.oidc), "--issuer", env["OIDC_ISSUER"]], env)
    wait_until_up(f"{env['OIDC_ISSUER']}/.well-known/openid-configuration", "OIDC provider", oidc)

    subprocess.run([PYTHON, "-m", "devtools.seed"], cwd=ROOT, env=env, check=True)

    api = supervisor.start("API", [str(Path(PYTHON).parent / "chalice"), "local", "--no-autoreload",
                                   "--stage", "local", "--host", "127.0.0.1", "--port", str(ports.api)], env)
    wait_until_up(f"http://127.0.0.1:{ports.api}/api/v1/system/info", "API", api)
    supervisor.start("import worker", [PYTHON, "-m", "devtools.worker"], env, restart=True)
    # The EventBridge schedule of app.import_sources: the same function on the same cadence.
    supervisor.start("import sources", [PYTHON, "-m", "devtools.import_sources"], env)
    gateway = supervisor.start("gateway", [PYTHON, "-m", "devtools.gateway", "--port", str(ports.gateway),
                                           "--api", f"http://127.0.0.1:{ports.api}"], env, log="gateway.log")
    wait_until_up(f"http://127.0.0.1:{ports.gateway}/config.json", "gateway", gateway)
    return env


def banner(ports: Ports) -> str:
    from devtools.oidc.users import demo_users

    lines = [
        "",
        f"  Open Water Data is running at  http://127.0.0.1:{ports.gateway}/",
        f"  API {f'http://127.0.0.1:{ports.gateway}/api/v1'}   identity provider http://127.0.0.1:{ports.oidc}",
        "",
        "  Demo sign-ins (password = username):",
    ]
    for user in demo_users():
        lines.append(f"    {user['username']:<12} {user.get('description', '')}")
    lines += ["", f"  The API and the import worker log here; the AWS stand-in and the gateway in {LOGS.relative_to(ROOT)}/.",
              "  Press Ctrl-C to stop.", ""]
    return "\n".join(lines)


def main() -> int:
    ports = Ports.from_env()
    supervisor = Supervisor()

    def on_signal(signum, _frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    try:
        start_product(ports, supervisor)
        print(banner(ports), flush=True)
        stopped = supervisor.watch()
        print(f"{stopped} stopped unexpectedly; shutting everything down.", file=sys.stderr)
        supervisor.show_log_of_stopped()
        return 1
    except StartupError as error:
        print(f"make run: {error}", file=sys.stderr)
        supervisor.show_log_of_stopped()
        return 1
    except KeyboardInterrupt:
        print("\nStopping...", flush=True)
        return 0
    finally:
        supervisor.stop_all()


if __name__ == "__main__":
    sys.exit(main())
