"""The deployable stack: `chalice package` output merged with infra/template.yaml into one template.

    python -m devtools.package_stack --stage dev --out build/packaged

writes build/packaged/template.json, build/packaged/deployment.zip (the functions' CodeUri) and
build/packaged/import-worker-layer.zip (a Lambda layer of the import worker only: pyarrow, trimmed;
docs/decisions/0006-import-parser.md), ready for `aws cloudformation package` + `deploy`.
The functions run LAMBDA_RUNTIME. Chalice vendors wheels for the Python it runs on and bytecode is
specific to a Python version, so packaging runs on that Python: started with another one, it runs itself
again in a virtual environment of it (build/package-venv-<runtime>, made on first use; PACKAGE_PYTHON
names the interpreter when it is not on PATH or in pyenv).
On top of the plain merge it wires Chalice's functions to the template's resources: the SQS event reads
ImportQueue (with partial batch failures), every function gets the resource names as environment
variables and an IAM policy for what its code uses (least privilege: the tables and AWS services the
modules it runs reach), and the API stage is throttled.
See docs/decisions/0001-one-template-local-and-cloud.md.
"""
from __future__ import annotations

import argparse
import ast
import compileall
import copy
import fnmatch
import json
import os
import py_compile
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
INFRA_TEMPLATE = ROOT / "infra" / "template.yaml"
MERGED_SECTIONS = ("Parameters", "Conditions", "Resources", "Outputs")
FUNCTION_TYPE = "AWS::Serverless::Function"
# Queue names in app.py's @app.on_sqs_message(queue=...) → the template resource that is that queue.
QUEUE_RESOURCES = {"owd-imports": "ImportQueue"}
# The base policy when the stage has no .chalice/policy-<stage>.json: CloudWatch logs only; the data
# access is added below with references to the template's resources.
LOGS_POLICY = {
    "Version": "2012-10-17",
    "Statement": [{
        "Effect": "Allow",
        "Action": ["logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"],
        "Resource": "arn:*:logs:*:*:*",
    }],
}

Template = dict[str, Any]

# The functions' runtime: Amazon Linux 2023, whose glibc (2.34) loads the manylinux_2_28 wheels of pyarrow 26
# and numpy 2.4 (Amazon Linux 2, under python3.11 and older, has glibc 2.26 and cannot).
LAMBDA_RUNTIME = "python3.13"
# The glibc of each runtime's Amazon Linux: the newest manylinux wheel tag it loads.
RUNTIME_GLIBC = {"python3.10": (2, 26), "python3.11": (2, 26), "python3.12": (2, 34), "python3.13": (2, 34),
                 "python3.14": (2, 34)}
LAMBDA_MACHINE = "x86_64"  # Chalice's default architecture
PACKAGING_VENV = ROOT / "build" / f"package-venv-{LAMBDA_RUNTIME}"
# What packaging imports besides the runtime requirements (pinned in requirements-dev.txt).
PACKAGING_TOOLS = ("chalice", "cfn-lint")

# The import worker's libraries, in a layer of its own: with them the package would pass Lambda's 250 MB
# (unzipped) limit, and the API, which never loads them, would carry them into every cold start.
WORKER_HANDLER = "app.import_worker"
WORKER_LAYER = "ImportWorkerLayer"
WORKER_LAYER_ZIP = "import-worker-layer.zip"
# numpy stays in the functions' package: the API uses it too (and shapely needs it).
WORKER_LAYER_DISTRIBUTIONS = ("pyarrow",)
# Parts of that wheel the importer never loads (checked by importing the importer from the layer:
# tests/infra/test_packaged_template.py). pyarrow.lib links libarrow_dataset, libparquet and
# libarrow_substrait, so those stay; the wheels store symbolic links as copies, and only the name the
# libraries are linked by (libarrow_python.so.2600) is kept.
WORKER_LAYER_LEFT_OUT = (
    "*/tests/*", "pyarrow/include/*", "pyarrow/src/*", "*.pyx", "*.pxd",
    "*.pxi", "*.h", "*.pyi", "pyarrow/*flight*", "pyarrow/*_s3*", "pyarrow/_gcsfs*", "pyarrow/_azurefs*",
    "pyarrow/_hdfs*", "pyarrow/_pyarrow_cpp_tests*", "pyarrow/libarrow_python*.so", "pyarrow/libarrow_python*.so.*.*",
)
# Parts of the functions' libraries the app never loads: numpy's and shapely's tests, numpy's C headers, type
# stubs and f2py (with them the import worker's package and layer would pass Lambda's 250 MB).
PACKAGE_LEFT_OUT = ("numpy/tests/*", "numpy/*/tests/*", "numpy/_core/include/*", "numpy/f2py/*", "numpy/*.pyi",
                    "numpy/*.pxd", "numpy/*.h", "shapely/tests/*", "shapely/*/tests/*")
LAMBDA_UNZIPPED_LIMIT = 262_144_000  # bytes: function code and all its layers, unzipped ("250 MB")


# ---------------------------------------------------------------- the steps

def python_tag(runtime: str) -> str:
    """python3.13 -> cp313: the CPython tag of wheels (and ABI) for a runtime."""
    return "cp" + runtime.removeprefix("python").replace(".", "")


def runtime_python() -> str:
    """An interpreter of LAMBDA_RUNTIME's Python version (PACKAGE_PYTHON, on PATH, or pyenv's)."""
    version = LAMBDA_RUNTIME.removeprefix("python")
    candidates = [os.environ.get("PACKAGE_PYTHON", ""), sys.executable, LAMBDA_RUNTIME]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += sorted((str(p / "bin" / "python3") for p in pyenv.glob(f"{version}.*")), reverse=True)
    for candidate in filter(None, candidates):
        try:
            answer = subprocess.run([candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                    capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if answer.returncode == 0 and answer.stdout.strip() == version:
            return candidate
    raise SystemExit(f"Packaging needs Python {version} (the functions' runtime, {LAMBDA_RUNTIME}) and none was "
                     f"found (tried PACKAGE_PYTHON, {LAMBDA_RUNTIME} and {pyenv}/{version}.*). Install it "
                     f"(e.g. `pyenv install {version}`) or set PACKAGE_PYTHON=/path/to/{LAMBDA_RUNTIME}.")


def packaging_python() -> str:
    """The Python of PACKAGING_VENV, made (or brought up to date with the pinned requirements) on demand."""
    python = PACKAGING_VENV / "bin" / "python"
    pins = pinned_versions(tuple(PACKAGING_TOOLS), ROOT / "requirements-dev.txt")
    wanted = (ROOT / "requirements.txt").read_text(encoding="utf-8") + "".join(
        f"{name}=={pin}\n" for name, pin in sorted(pins.items()))
    marker = PACKAGING_VENV / ".installed"
    if python.exists() and marker.exists() and marker.read_text(encoding="utf-8") == wanted:
        return str(python)
    if not python.exists():
        subprocess.run([runtime_python(), "-m", "venv", str(PACKAGING_VENV)], check=True)
    print(f"package_stack: installing the pinned requirements into {PACKAGING_VENV} (once)", file=sys.stderr)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", str(ROOT / "requirements.txt"), *(f"{name}=={pin}" for name, pin in sorted(pins.items()))],
                   check=True, stdout=sys.stderr)
    marker.write_text(wanted, encoding="utf-8")
    return str(python)


def package(stage: str, out_dir: Path) -> Path:
    """Builds template.json + deployment.zip in out_dir; returns the template's path."""
    if stage == "local":
        raise SystemExit("The local stage is not deployable (it runs on moto); package dev or prod.")
    this_python = f"python{sys.version_info.major}.{sys.version_info.minor}"
    if this_python != LAMBDA_RUNTIME:
        raise SystemExit(f"package() runs on {LAMBDA_RUNTIME}, this is {this_python}: use main(), which "
                         "runs it there.")
    with tempfile.TemporaryDirectory(prefix="owd-package-") as work_dir:
        chalice_out = Path(work_dir) / "chalice"
        run_chalice_package(stage, chalice_out, Path(work_dir))
        template = build_template(load_json(chalice_out / "sam.json"), load_infra_template(), stage)
        if lambda_runtimes(template) != {LAMBDA_RUNTIME}:
            raise SystemExit(f"Chalice packaged the functions for {sorted(lambda_runtimes(template))}, "
                             f"not {LAMBDA_RUNTIME}")
        out_dir.mkdir(parents=True, exist_ok=True)
        add_bytecode(chalice_out / "deployment.zip", out_dir / "deployment.zip", lambda_runtimes(template),
                     Path(work_dir) / "bytecode")
        runtime = worker_runtime(template)
        build_worker_layer(runtime, out_dir / WORKER_LAYER_ZIP, Path(work_dir) / "layer")
        add_worker_layer(template, runtime)
    template_path = out_dir / "template.json"
    template_path.write_text(json.dumps(template, indent=2) + "\n", encoding="utf-8")
    return template_path


def lambda_runtimes(template: Template) -> set[str]:
    return {f["Properties"].get("Runtime", "") for f in functions(template).values()}


def add_bytecode(package: Path, out: Path, runtimes: set[str], scratch_dir: Path) -> None:
    """Copy the deployment package with every module's compiled bytecode beside it. Lambda's file system
    is read-only, so without it each cold start compiles the app from source again (about 30 ms of the
    import here). The .pyc files are unchecked hash-based: valid whatever times the files get when the
    package is unzipped, which is safe because a deployed package never changes."""
    this_python = f"python{sys.version_info.major}.{sys.version_info.minor}"
    with zipfile.ZipFile(package) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        # Chalice copies chalicelib/ as it is, with any __pycache__ of the working tree: those are left out;
        # so are the worker layer's libraries (Chalice vendors them) and PACKAGE_LEFT_OUT.
        entries = [entry for entry in source.infolist() if not entry.filename.endswith(".pyc")
                   and not in_worker_layer(entry.filename)
                   and not any(fnmatch.fnmatch(entry.filename, pattern) for pattern in PACKAGE_LEFT_OUT)]
        source.extractall(scratch_dir, members=entries)
        for entry in entries:
            target.writestr(copy.copy(entry), source.read(entry))
        if runtimes != {this_python}:
            # Bytecode is specific to the Python version that made it.
            print(f"warning: no bytecode in the package: the functions run {sorted(runtimes)}, this is "
                  f"{this_python}", file=sys.stderr)
            return
        write_bytecode(scratch_dir, scratch_dir, target)


def write_bytecode(source_dir: Path, root: Path, target: zipfile.ZipFile) -> None:
    """Compile the modules under source_dir into target, named by their path under root."""
    compileall.compile_dir(source_dir, quiet=2, workers=1,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    for pyc in sorted(source_dir.rglob("*.pyc")):
        info = zipfile.ZipInfo(pyc.relative_to(root).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        target.writestr(info, pyc.read_bytes(), zipfile.ZIP_DEFLATED)


# ---------------------------------------------------------------- the import worker's layer

def in_worker_layer(path: str) -> bool:
    top = path.split("/", 1)[0]
    return any(top == name or top == f"{name}.libs" or re.fullmatch(rf"{name}-[^/]+\.dist-info", top)
               for name in WORKER_LAYER_DISTRIBUTIONS)


def left_out_of_layer(path: str) -> bool:
    return "/__pycache__/" in path or any(fnmatch.fnmatch(path, pattern) for pattern in WORKER_LAYER_LEFT_OUT)


def pinned_versions(names: tuple[str, ...], requirements: Path = ROOT / "requirements.txt") -> dict[str, str]:
    """The versions a requirements file pins for `names`."""
    pins = {}
    for line in requirements.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\s*([A-Za-z0-9_.-]+)(\[[^]]*\])?==([^\s#;]+)", line)
        if match and match.group(1).lower() in names:
            pins[match.group(1).lower()] = match.group(3)
    missing = set(names) - set(pins)
    if missing:
        raise SystemExit(f"{requirements.name} pins no version of {', '.join(sorted(missing))}")
    return pins


def worker_runtime(template: Template) -> str:
    (worker,) = [f for f in functions(template).values() if f["Properties"].get("Handler") == WORKER_HANDLER]
    return worker["Properties"]["Runtime"]


def lambda_platforms(runtime: str) -> list[str]:
    """The wheel platform tags the runtime's Linux loads, newest first: pip takes --platform literally, so
    every manylinux_2_Y up to the runtime's glibc is named."""
    major, minor = RUNTIME_GLIBC[runtime]
    return [f"manylinux_{major}_{y}_{LAMBDA_MACHINE}" for y in range(minor, 4, -1)] + [
        f"manylinux2014_{LAMBDA_MACHINE}"]


def build_worker_layer(runtime: str, out: Path, scratch_dir: Path) -> None:
    """The layer zip: python/<the pinned wheels for the runtime's CPython ABI and Lambda's Linux x86_64 (its
    glibc)>, trimmed, with bytecode (Lambda's /opt is read-only too)."""
    version = runtime.removeprefix("python")
    wheels_dir, site_dir = scratch_dir / "wheels", scratch_dir / "python"
    pins = pinned_versions(WORKER_LAYER_DISTRIBUTIONS)
    platforms = [argument for platform in lambda_platforms(runtime) for argument in ("--platform", platform)]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                    *platforms, "--python-version", version, "--implementation", "cp", "--abi", python_tag(runtime),
                    "--dest", str(wheels_dir), *(f"{name}=={pin}" for name, pin in pins.items())], check=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as layer:
        for wheel in sorted(wheels_dir.glob("*.whl")):
            with zipfile.ZipFile(wheel) as source:
                for entry in source.infolist():
                    if entry.is_dir() or left_out_of_layer(entry.filename):
                        continue
                    source.extract(entry, site_dir)
                    if entry.filename.endswith(".so") or ".so." in entry.filename:
                        (site_dir / entry.filename).chmod(0o755)
                    info = zipfile.ZipInfo("python/" + entry.filename, date_time=(1980, 1, 1, 0, 0, 0))
                    info.external_attr = ((site_dir / entry.filename).stat().st_mode & 0o777) << 16
                    layer.writestr(info, source.read(entry), zipfile.ZIP_DEFLATED)
        if runtime == f"python{sys.version_info.major}.{sys.version_info.minor}":
            write_bytecode(site_dir, scratch_dir, layer)


def add_worker_layer(template: Template, runtime: str) -> None:
    template["Resources"][WORKER_LAYER] = {
        "Type": "AWS::Serverless::LayerVersion",
        "Properties": {
            "LayerName": {"Fn::Sub": "owd-${Stage}-import-worker"},
            "Description": "pyarrow for the import worker (trimmed: docs/decisions/0006-import-parser.md)",
            "ContentUri": f"./{WORKER_LAYER_ZIP}",
            "CompatibleRuntimes": [runtime],
            "RetentionPolicy": "Delete",
        },
    }
    for function in functions(template).values():
        if function["Properties"].get("Handler") == WORKER_HANDLER:
            function["Properties"]["Layers"] = [{"Ref": WORKER_LAYER}]


def run_chalice_package(stage: str, out_dir: Path, scratch_dir: Path) -> None:
    """What `chalice package --stage <stage> --pkg-format cloudformation <out_dir>` does, in-process,
    so that a stage with autogen_policy false but no .chalice/policy-<stage>.json can be given a
    generated base policy (the CLI has no option for the policy file)."""
    from chalice.cli.factory import CLIFactory  # imported here: only packaging needs Chalice

    os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")  # Chalice wants a region; the template has none
    factory = CLIFactory(project_dir=str(ROOT))  # loads app.py with a copy of the environment
    config = factory.create_config_obj(stage, user_provided_params=policy_file_override(stage, scratch_dir))
    packager = factory.create_app_packager(config, factory.create_package_options(), "cloudformation", "json")
    packager.package_app(config, str(out_dir), stage)


def policy_file_override(stage: str, scratch_dir: Path) -> dict[str, str]:
    if (ROOT / ".chalice" / f"policy-{stage}.json").exists():
        return {}
    policy_file = scratch_dir / f"policy-{stage}.json"
    policy_file.write_text(json.dumps(LOGS_POLICY), encoding="utf-8")
    # Chalice joins this to .chalice/; an absolute path wins that join.
    return {"iam_policy_file": str(policy_file)}


def load_json(path: Path) -> Template:
    return json.loads(path.read_text(encoding="utf-8"))


def load_infra_template() -> Template:
    """infra/template.yaml as plain JSON data (short tags such as !Ref become {"Ref": ...})."""
    from cfnlint.decode import cfn_yaml

    return json.loads(json.dumps(cfn_yaml.load(str(INFRA_TEMPLATE))))


def build_template(chalice_template: Template, infra_template: Template, stage: str) -> Template:
    template = merge_templates(chalice_template, infra_template)
    pin_stage(template, stage)
    point_api_origin_at_rest_api(template)
    add_json_gateway_responses(template)
    throttle_api_stage(template)
    connect_queue_events(template)
    add_resource_environment(template)
    grant_resource_access(template)
    return template


# ---------------------------------------------------------------- merging

def merge_templates(chalice_template: Template, infra_template: Template) -> Template:
    merged = copy.deepcopy(chalice_template)
    merged["Description"] = infra_template.get("Description", "")
    for section in MERGED_SECTIONS:
        target = merged.setdefault(section, {})
        for name, value in infra_template.get(section, {}).items():
            if name in target:
                raise ValueError(f"{section}.{name} is defined both by Chalice and by infra/template.yaml")
            target[name] = copy.deepcopy(value)
    return merged


def pin_stage(template: Template, stage: str) -> None:
    # The package carries this stage's Chalice configuration, so it can only be deployed as it.
    template["Parameters"]["Stage"].update(Default=stage, AllowedValues=[stage])


def point_api_origin_at_rest_api(template: Template) -> None:
    """The CDN's /api/v1 origin is the REST API of this same stack (its domain and its stage as the
    origin path), so those two parameters go away."""
    rest_api = template["Resources"].get("RestAPI")
    if rest_api is None:
        return
    api_domain = {"Fn::Sub": "${RestAPI}.execute-api.${AWS::Region}.${AWS::URLSuffix}"}
    replace_refs(template["Resources"], "ApiDomainName", api_domain)
    replace_refs(template["Resources"], "ApiOriginPath", "/" + rest_api["Properties"]["StageName"])
    del template["Parameters"]["ApiDomainName"], template["Parameters"]["ApiOriginPath"]


# Errors API Gateway makes before the app runs, in the app's JSON error shape. An unknown path is
# answered by API Gateway itself with 403 "Missing Authentication Token"; the product says 404.
# ($context.error.messageString is already a quoted JSON string.) They live in the API's own
# definition: separate GatewayResponse resources would be dropped whenever the definition is re-imported.
UNKNOWN_ROUTE = {
    "statusCode": "404",
    "responseTemplates": {"application/json": '{"statusCode": 404, "message": "Cannot $context.httpMethod '
                                              '$context.path", "error": "Not Found"}'}}
# API Gateway's own answers in the API's JSON error shape. A path or method without a route is
# MISSING_AUTHENTICATION_TOKEN, or INVALID_SIGNATURE when the request carries an Authorization header that
# is not SigV4 (a bearer token): both a 404. A body over API Gateway's 10 MB is REQUEST_TOO_LARGE.
GATEWAY_RESPONSES = {
    "MISSING_AUTHENTICATION_TOKEN": UNKNOWN_ROUTE,
    "INVALID_SIGNATURE": UNKNOWN_ROUTE,
    "REQUEST_TOO_LARGE": {
        "statusCode": "413",
        "responseTemplates": {"application/json": '{"statusCode": 413, "message": "Request body is too large. '
                                                  'At most 10 MB is accepted.", "error": "Request Entity Too Large"}'}},
    "DEFAULT_4XX": {"responseTemplates": {"application/json": '{"message": $context.error.messageString}'}},
    "DEFAULT_5XX": {"responseTemplates": {"application/json": '{"message": $context.error.messageString}'}},
}


def add_json_gateway_responses(template: Template) -> None:
    rest_api = template["Resources"].get("RestAPI")
    if rest_api is None:
        return
    definition = rest_api["Properties"]["DefinitionBody"]
    definition["x-amazon-apigateway-gateway-responses"] = copy.deepcopy(GATEWAY_RESPONSES)


# Every method of the API stage: steady requests per second and the burst above it, before API Gateway
# answers 429 (the account's regional limit, 10,000/s, is shared by every API of the account).
API_THROTTLING = {"ThrottlingRateLimit": 200, "ThrottlingBurstLimit": 400}


def throttle_api_stage(template: Template) -> None:
    rest_api = template["Resources"].get("RestAPI")
    if rest_api is None:
        return
    rest_api["Properties"]["MethodSettings"] = [{"ResourcePath": "/*", "HttpMethod": "*", **API_THROTTLING}]


def replace_refs(node: Any, name: str, replacement: Any) -> Any:
    if node == {"Ref": name}:
        return copy.deepcopy(replacement)
    if isinstance(node, dict):
        for key, value in node.items():
            node[key] = replace_refs(value, name, replacement)
    elif isinstance(node, list):
        node[:] = [replace_refs(item, name, replacement) for item in node]
    return node


# ---------------------------------------------------------------- wiring Chalice's functions

def functions(template: Template) -> dict[str, Template]:
    return {name: resource for name, resource in template["Resources"].items() if resource["Type"] == FUNCTION_TYPE}


def connect_queue_events(template: Template) -> None:
    """Chalice points an SQS event at an ARN it derives from the queue name; point it at the template's
    queue instead, and let the handler report per-message failures (so one bad message in a batch
    is retried alone, not with the whole batch)."""
    for function_name, function in functions(template).items():
        for event in function["Properties"].get("Events", {}).values():
            if event["Type"] != "SQS":
                continue
            queue_resource = queue_resource_for(event["Properties"]["Queue"], function_name)
            event["Properties"]["Queue"] = {"Fn::GetAtt": [queue_resource, "Arn"]}
            event["Properties"]["FunctionResponseTypes"] = ["ReportBatchItemFailures"]


def queue_resource_for(chalice_queue_arn: Any, function_name: str) -> str:
    arn = chalice_queue_arn.get("Fn::Sub") if isinstance(chalice_queue_arn, dict) else chalice_queue_arn
    queue_name = str(arn).rsplit(":", 1)[-1]
    if queue_name not in QUEUE_RESOURCES:
        raise ValueError(f"{function_name} listens to queue {queue_name!r}, which infra/template.yaml does not define "
                         f"(known: {', '.join(QUEUE_RESOURCES)})")
    return QUEUE_RESOURCES[queue_name]


def uploads_bucket_name(template: Template) -> Any:
    """The bucket's name expression (owd-${Stage}-uploads-${AWS::AccountId}), not a Ref: the bucket's CORS
    rule names the distribution, which reaches the API function through its API origin, so a Ref
    from the function back to the bucket would close a dependency cycle."""
    return template["Resources"]["UploadsBucket"]["Properties"]["BucketName"]


def uploads_bucket_arn(template: Template, suffix: str = "") -> Any:
    name = uploads_bucket_name(template)["Fn::Sub"]
    return {"Fn::Sub": f"arn:${{AWS::Partition}}:s3:::{name}{suffix}"}


def add_resource_environment(template: Template) -> None:
    # The names come from the resources themselves; an explicit value in .chalice/config.json for
    # the identity provider (another OIDC issuer) is kept.
    names = {
        "STAGE": {"Ref": "Stage"},
        "TABLE_PREFIX": {"Fn::Sub": "owd-${Stage}-"},
        "IMPORT_QUEUE_URL": {"Ref": "ImportQueue"},
        "UPLOADS_BUCKET": uploads_bucket_name(template),
    }
    identity_provider = {
        "OIDC_ISSUER": {"Fn::If": ["IsCloud",
                                   {"Fn::Sub": "https://cognito-idp.${AWS::Region}.amazonaws.com/${UserPool}"},
                                   {"Ref": "AWS::NoValue"}]},
        # The SPA's client and the machine client (client-credentials tokens name it in client_id).
        "OIDC_AUDIENCE": {"Fn::If": ["IsCloud",
                                     {"Fn::Join": [",", [{"Ref": "UserPoolClient"}, {"Ref": "MachineClient"}]]},
                                     {"Ref": "AWS::NoValue"}]},
    }
    for function in functions(template).values():
        variables = function["Properties"].setdefault("Environment", {}).setdefault("Variables", {})
        variables.update(names)
        for key, value in identity_provider.items():
            variables.setdefault(key, value)


def grant_resource_access(template: Template) -> None:
    # Inline in each function's role (not a separate managed policy): the role is then complete
    # before the function exists, and Lambda checks the SQS permissions when it creates the
    # event source mapping.
    for function_name, function in functions(template).items():
        role_name = managed_role_name(function)
        if role_name is None:
            print(f"package_stack: {function_name} uses a pre-created IAM role; grant it access yourself.",
                  file=sys.stderr)
            continue
        policies = template["Resources"][role_name]["Properties"].setdefault("Policies", [])
        if not any(policy["PolicyName"] == "OwdResourceAccess" for policy in policies):
            access = code_access(entry_modules(function_name, function))
            policies.append({"PolicyName": "OwdResourceAccess",
                             "PolicyDocument": resource_access_policy(template, access, consumes_queue(function))})


def managed_role_name(function: Template) -> str | None:
    role = function["Properties"].get("Role")
    if isinstance(role, dict) and "Fn::GetAtt" in role:
        return role["Fn::GetAtt"][0]
    return None


# ---------------------------------------------------------------- least privilege: what a function's code uses

def entry_modules(function_name: str, function: Template) -> tuple[str, ...]:
    """The modules a function runs. The API (handler app.app): all of app.py, every blueprint. Any other
    handler (app.<name>): what the function <name> in app.py uses, its own imports and the app module's
    imports it names; Lambda loads all of app.py for it too, but only that function is ever called."""
    handler = function["Properties"].get("Handler", "")
    module_name, _, attribute = handler.partition(".")
    source = module_source(module_name)
    if source is None or not attribute:
        raise ValueError(f"{function_name}: handler {handler!r} is not a function of a module here")
    if attribute == "app":
        return (module_name,)
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                imported[alias.asname or alias.name] = [node.module, f"{node.module}.{alias.name}"]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                imported[alias.asname or alias.name.split(".")[0]] = [alias.name]
    definitions = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == attribute]
    if not definitions:
        raise ValueError(f"{function_name}: {module_name}.py defines no function {attribute!r}")
    modules = []
    for node in ast.walk(definitions[0]):
        if isinstance(node, ast.Name) and node.id in imported:
            modules += imported[node.id]
        modules += imports_of(node)
    return tuple(dict.fromkeys(modules))


def imports_of(node: ast.AST) -> list[str]:
    """Modules an import statement (or a module path written as text, such as a job module list that
    importlib loads) names."""
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and CodeAccess.MODULE.fullmatch(node.value):
        return [node.value]
    return []


class CodeAccess:
    """The tables (short names, as in table_meta("...")) and AWS services (aws.client("...")) that the
    modules reachable from some entry modules name: every `from chalicelib... import` is followed, also
    those inside functions, so the answer may be wider than one request needs but never narrower."""

    TABLE = re.compile(r'table_meta\(\s*"([^"]+)"')
    SERVICE = re.compile(r'aws\.client\(\s*"([^"]+)"')
    MODULE = re.compile(r"chalicelib(\.\w+)+")

    def __init__(self) -> None:
        self.tables: set[str] = set()
        self.services: set[str] = set()


def module_source(module: str) -> Path | None:
    for path in (ROOT / (module.replace(".", "/") + ".py"), ROOT / module.replace(".", "/") / "__init__.py"):
        if path.exists():
            return path
    return None


def code_access(modules: tuple[str, ...]) -> CodeAccess:
    access, seen, pending = CodeAccess(), set(), list(modules)
    while pending:
        module = pending.pop()
        if module in seen or (source_path := module_source(module)) is None:
            seen.add(module)
            continue
        seen.add(module)
        source = source_path.read_text(encoding="utf-8")
        access.tables.update(CodeAccess.TABLE.findall(source))
        access.services.update(CodeAccess.SERVICE.findall(source))
        for node in ast.walk(ast.parse(source)):
            pending += imports_of(node)
    return access


def consumes_queue(function: Template) -> bool:
    return any(event["Type"] == "SQS" for event in function["Properties"].get("Events", {}).values())


def table_resources(template: Template) -> dict[str, str]:
    """Table short name (the part after owd-<stage>-) → its resource name in the template."""
    tables = {}
    for name, resource in template["Resources"].items():
        if resource["Type"] == "AWS::DynamoDB::Table":
            table_name = resource["Properties"]["TableName"]["Fn::Sub"]
            tables[table_name.removeprefix("owd-${Stage}-")] = name
    return tables


def resource_access_policy(template: Template, access: CodeAccess, consumes: bool) -> Template:
    known_tables = table_resources(template)
    unknown = access.tables - set(known_tables)
    if unknown:
        raise ValueError(f"the code uses tables infra/template.yaml does not define: {', '.join(sorted(unknown))}")
    tables = [known_tables[short] for short in sorted(access.tables)]
    statements = []
    if tables:
        statements.append({
            "Sid": "Tables",
            "Effect": "Allow",
            "Action": ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:Scan",
                       "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem",
                       "dynamodb:BatchWriteItem", "dynamodb:ConditionCheckItem", "dynamodb:DescribeTable"],
            "Resource": [arn for table in tables for arn in ({"Fn::GetAtt": [table, "Arn"]},
                                                              {"Fn::Sub": f"${{{table}.Arn}}/index/*"})],
        })
    if "sqs" in access.services or consumes:
        # Sending jobs; the worker's event source mapping also receives, deletes and extends them.
        actions = ["sqs:SendMessage"] + (["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility",
                                          "sqs:GetQueueAttributes"] if consumes else [])
        statements.append({"Sid": "ImportQueue", "Effect": "Allow", "Action": actions,
                           "Resource": {"Fn::GetAtt": ["ImportQueue", "Arn"]}})
    if "s3" in access.services:
        statements += [
            {"Sid": "UploadsObjects", "Effect": "Allow",
             # A large import file comes in parts (imports.service: CreateMultipartUpload and UploadPart are
             # PutObject; ListParts needs its own action).
             "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload",
                        "s3:ListMultipartUploadParts"],
             "Resource": uploads_bucket_arn(template, "/*")},
            # Without ListBucket a missing object answers 403 instead of 404.
            {"Sid": "UploadsBucket", "Effect": "Allow", "Action": ["s3:ListBucket"],
             "Resource": uploads_bucket_arn(template)},
        ]
    if "secretsmanager" in access.services:
        # Organizations' WQX Web private keys (chalicelib/organizations/wqx.py), one secret each.
        statements.append({
            "Sid": "WqxAccountSecrets", "Effect": "Allow",
            "Action": ["secretsmanager:CreateSecret", "secretsmanager:PutSecretValue", "secretsmanager:GetSecretValue",
                       "secretsmanager:DeleteSecret"],
            "Resource": {"Fn::Sub": "arn:${AWS::Partition}:secretsmanager:${AWS::Region}:${AWS::AccountId}"
                                    ":secret:owd-${Stage}-wqx-account/*"},
        })
    if "ses" in access.services:
        statements.append({"Sid": "Email", "Effect": "Allow",
                           "Action": ["ses:SendEmail", "ses:SendRawEmail", "ses:VerifyEmailIdentity"],
                           "Resource": "*"})
    return {"Version": "2012-10-17", "Statement": statements}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", default="dev", help="a stage of .chalice/config.json other than local")
    parser.add_argument("--out", default="build/packaged", type=Path, help="output folder")
    args = parser.parse_args(argv)
    if f"python{sys.version_info.major}.{sys.version_info.minor}" != LAMBDA_RUNTIME:
        # Packaging is done by the runtime's Python (see the module's docstring).
        arguments = ["--stage", args.stage, "--out", str(args.out.resolve())]
        sys.exit(subprocess.run([packaging_python(), "-m", "devtools.package_stack", *arguments], cwd=ROOT).returncode)
    template_path = package(args.stage, args.out)
    print(f"Wrote {template_path}, {template_path.parent / 'deployment.zip'} and "
          f"{template_path.parent / WORKER_LAYER_ZIP}")


if __name__ == "__main__":
    main()
