"""`make package` (devtools.package_stack): Chalice's template merged with infra/template.yaml.

Packaging runs as a subprocess, as `make package` does: Chalice imports app.py with the stage's
environment, which must not leak into this test process. What the package holds is for the functions'
runtime (Python 3.13 on Amazon Linux 2023), so it is loaded and checked by that Python, not this one."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from cfnlint.api import ManualArgs, lint_file

from devtools.package_stack import LAMBDA_RUNTIME, runtime_python

ROOT = Path(__file__).resolve().parents[2]
APP_ENVIRONMENT = {"STAGE", "TABLE_PREFIX", "IMPORT_QUEUE_URL", "UPLOADS_BUCKET", "OIDC_ISSUER", "OIDC_AUDIENCE"}


def run_packaging(*args: str) -> subprocess.CompletedProcess:
    # The first run also makes the packaging's virtual environment of the runtime's Python (minutes).
    return subprocess.run([sys.executable, "-m", "devtools.package_stack", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("packaged")
    result = run_packaging("--stage", "dev", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def template(out_dir) -> dict:
    return json.loads((out_dir / "template.json").read_text())


def functions(template: dict) -> dict:
    return {n: r for n, r in template["Resources"].items() if r["Type"] == "AWS::Serverless::Function"}


def test_cfn_lint_finds_nothing(out_dir):
    # cfn-lint applies the SAM transform first, so this also checks what SAM will generate; no
    # warnings are expected either.
    matches = lint_file(out_dir / "template.json", config=ManualArgs(regions=["us-east-1"]))
    assert [str(match) for match in matches] == []


BYTECODE_CHECK = """
import importlib.util, sys, zipfile
problems, count = [], 0
with zipfile.ZipFile(sys.argv[1]) as package:
    names = set(package.namelist())
    sources = [n for n in names if n == "app.py" or (n.startswith("chalicelib/") and n.endswith(".py"))]
    for source in sources + ["pynamodb/models.py"]:  # the vendored libraries too
        pyc = importlib.util.cache_from_source(source)
        if pyc not in names:
            problems.append("no bytecode: " + source)
            continue
        header, count = package.read(pyc)[:16], count + 1
        if (header[:4] != importlib.util.MAGIC_NUMBER or int.from_bytes(header[4:8], "little") != 0b01
                or header[8:16] != importlib.util.source_hash(package.read(source))):
            problems.append("bytecode of another Python or source: " + pyc)
print(count, problems)
"""


def test_the_package_ships_bytecode_for_every_module_of_the_app(out_dir):
    # Lambda cannot write __pycache__, so the package carries it: hash-based and unchecked (flags 0b01),
    # compiled from exactly the source beside it, for the runtime's Python (checked by that Python).
    result = subprocess.run([runtime_python(), "-c", BYTECODE_CHECK, str(out_dir / "deployment.zip")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    count, problems = result.stdout.split(" ", 1)
    assert int(count) > 50 and problems.strip() == "[]", result.stdout


def test_import_worker_reads_the_import_queue_and_reports_batch_item_failures(template):
    (worker,) = [f for f in functions(template).values() if f["Properties"]["Handler"] == "app.import_worker"]
    (event,) = [e for e in worker["Properties"]["Events"].values() if e["Type"] == "SQS"]
    assert event["Properties"]["Queue"] == {"Fn::GetAtt": ["ImportQueue", "Arn"]}
    assert event["Properties"]["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert event["Properties"]["BatchSize"] == 1  # one job per invocation: a long import holds up no other


def test_every_function_gets_the_resource_names(template):
    for name, function in functions(template).items():
        variables = function["Properties"]["Environment"]["Variables"]
        assert APP_ENVIRONMENT <= set(variables), name
        assert variables["IMPORT_QUEUE_URL"] == {"Ref": "ImportQueue"}
        assert variables["UPLOADS_BUCKET"] == template["Resources"]["UploadsBucket"]["Properties"]["BucketName"]
        # In the cloud the API accepts the SPA's tokens and the machine client's client-credentials tokens.
        cloud_audience = variables["OIDC_AUDIENCE"]["Fn::If"][1]
        assert cloud_audience == {"Fn::Join": [",", [{"Ref": "UserPoolClient"}, {"Ref": "MachineClient"}]]}


def resource_access(template: dict, handler: str) -> dict[str, list]:
    """Sid → its statement, of the OwdResourceAccess policy of the role of the function with `handler`."""
    (function,) = [f for f in functions(template).values() if f["Properties"]["Handler"] == handler]
    role = template["Resources"][function["Properties"]["Role"]["Fn::GetAtt"][0]]
    (policy,) = [p for p in role["Properties"]["Policies"] if p["PolicyName"] == "OwdResourceAccess"]
    return {statement["Sid"]: statement for statement in policy["PolicyDocument"]["Statement"]}


def granted_tables(statement: dict) -> set[str]:
    return {arn["Fn::GetAtt"][0] for arn in statement["Resource"] if "Fn::GetAtt" in arn}


def test_the_api_role_may_use_the_tables_queue_bucket_secrets_and_email_it_needs(template):
    access = resource_access(template, "app.app")
    assert set(access) == {"Tables", "ImportQueue", "UploadsObjects", "UploadsBucket", "WqxAccountSecrets", "Email"}
    assert {"UsersTable", "RolesTable", "StationsTable", "PagesTable", "AuditTable"} <= granted_tables(access["Tables"])
    assert access["ImportQueue"]["Action"] == ["sqs:SendMessage"]  # sends jobs, never receives them
    assert "ses:SendEmail" in access["Email"]["Action"]


def test_the_import_worker_role_gets_only_what_the_jobs_use(template):
    # No WQX secrets, roles, dashboards, pages or invitations: the jobs never touch them. Email and the users table
    # (read for an address alone, chalicelib/users/mailing.py): a long import's end and a source starting to fail
    # are emailed to whoever started them.
    access = resource_access(template, "app.import_worker")
    assert set(access) == {"Tables", "ImportQueue", "UploadsObjects", "UploadsBucket", "Email"}
    tables = granted_tables(access["Tables"])
    assert {"StationsTable", "SamplesTable", "SeriesTable", "ImportLogsTable", "CatalogTable", "UsersTable"} <= tables
    assert not tables & {"RolesTable", "DashboardsTable", "PagesTable", "InvitationsTable"}
    assert {"sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:SendMessage"} <= set(access["ImportQueue"]["Action"])


def test_the_api_may_take_a_large_file_in_parts(template):
    # import-uploads/parts lists the parts S3 holds (ListParts has an action of its own; the parts are PutObject).
    actions = resource_access(template, "app.app")["UploadsObjects"]["Action"]
    assert {"s3:PutObject", "s3:ListMultipartUploadParts", "s3:AbortMultipartUpload"} <= set(actions)


def test_no_role_gets_a_wildcard_table_or_queue(template):
    for handler in ("app.app", "app.import_worker"):
        access = resource_access(template, handler)
        assert all("*" not in json.dumps(arn).replace("/index/*", "") for arn in access["Tables"]["Resource"]), handler
        assert access["ImportQueue"]["Resource"] == {"Fn::GetAtt": ["ImportQueue", "Arn"]}


def test_the_api_stage_is_throttled(template):
    (settings,) = template["Resources"]["RestAPI"]["Properties"]["MethodSettings"]
    assert settings["ResourcePath"] == "/*" and settings["HttpMethod"] == "*"
    assert 0 < settings["ThrottlingRateLimit"] <= settings["ThrottlingBurstLimit"]


def test_every_data_table_has_point_in_time_recovery_and_deletion_protection(template):
    tables = {n: r for n, r in template["Resources"].items() if r["Type"] == "AWS::DynamoDB::Table"}
    assert len(tables) >= 20
    for name, table in tables.items():
        assert table["Properties"]["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}, name
        assert table["Properties"]["DeletionProtectionEnabled"] is True, name


def test_every_bucket_blocks_public_access_and_is_encrypted(template):
    buckets = {n: r for n, r in template["Resources"].items() if r["Type"] == "AWS::S3::Bucket"}
    assert set(buckets) == {"UploadsBucket", "SiteBucket"}
    for name, bucket in buckets.items():
        block = bucket["Properties"]["PublicAccessBlockConfiguration"]
        assert block == dict.fromkeys(("BlockPublicAcls", "BlockPublicPolicy", "IgnorePublicAcls",
                                       "RestrictPublicBuckets"), True), name
        (rule,) = bucket["Properties"]["BucketEncryption"]["ServerSideEncryptionConfiguration"]
        assert rule["ServerSideEncryptionByDefault"]["SSEAlgorithm"] in {"AES256", "aws:kms"}, name


def test_downloads_expire_a_day_after_their_links_stop_working(template):
    from chalicelib.core import csv_download
    from chalicelib.wqp import output

    rules = template["Resources"]["UploadsBucket"]["Properties"]["LifecycleConfiguration"]["Rules"]
    (expiry,) = [rule for rule in rules if rule.get("Prefix") == "downloads/"]
    assert expiry["Status"] == "Enabled" and expiry["ExpirationInDays"] == 1
    # Every presigned download link ends long before its object does.
    assert max(csv_download.PRESIGNED_SECONDS, output.PRESIGNED_SECONDS) <= 3600


def test_a_message_in_the_dead_letter_queue_raises_an_alarm(template):
    alarm = template["Resources"]["ImportDeadLetterAlarm"]["Properties"]
    assert alarm["Namespace"] == "AWS/SQS" and alarm["MetricName"] == "ApproximateNumberOfMessagesVisible"
    assert alarm["Dimensions"] == [{"Name": "QueueName", "Value": {"Fn::GetAtt": ["ImportDeadLetterQueue", "QueueName"]}}]
    assert (alarm["ComparisonOperator"], alarm["Threshold"]) == ("GreaterThanThreshold", 0)
    assert alarm["AlarmActions"] == [{"Ref": "OperationsAlarmTopic"}]


def test_the_site_is_served_with_the_security_headers_policy(template):
    behaviour = template["Resources"]["Distribution"]["Properties"]["DistributionConfig"]["DefaultCacheBehavior"]
    assert behaviour["ResponseHeadersPolicyId"] == {"Ref": "SiteResponseHeadersPolicy"}
    config = template["Resources"]["SiteResponseHeadersPolicy"]["Properties"]["ResponseHeadersPolicyConfig"]
    headers = config["SecurityHeadersConfig"]
    csp_text, names = headers["ContentSecurityPolicy"]["ContentSecurityPolicy"]["Fn::Sub"]
    directives = {d.split()[0]: d.split()[1:] for d in " ".join(csp_text.split()).split("; ")}
    assert directives["script-src"] == ["'self'"]  # no inline or eval'd script
    assert directives["worker-src"] == ["'self'", "blob:"]  # maplibre's worker (setWorkerUrl)
    assert directives["frame-ancestors"] == ["'self'"] and directives["object-src"] == ["'none'"]
    assert "${IdentityOrigins}" in directives["connect-src"] and "${UploadsOrigins}" in directives["connect-src"]
    assert "${MapServiceOrigins}" in directives["connect-src"] and "${MapServiceOrigins}" in directives["img-src"]
    assert "amazoncognito.com" in names["IdentityOrigins"]["Fn::Sub"]
    assert headers["StrictTransportSecurity"]["AccessControlMaxAgeSec"] >= 31536000
    assert headers["StrictTransportSecurity"]["IncludeSubdomains"] is True
    assert headers["ContentTypeOptions"] == {"Override": True}
    assert headers["ReferrerPolicy"]["ReferrerPolicy"] == "strict-origin-when-cross-origin"
    assert headers["FrameOptions"]["FrameOption"] == "SAMEORIGIN"


def test_cdn_api_origin_is_this_stacks_rest_api(template):
    origins = template["Resources"]["Distribution"]["Properties"]["DistributionConfig"]["Origins"]
    (api,) = [origin for origin in origins if origin["Id"] == "api"]
    assert api["DomainName"] == {"Fn::Sub": "${RestAPI}.execute-api.${AWS::Region}.${AWS::URLSuffix}"}
    assert api["OriginPath"] == "/api"
    assert "ApiDomainName" not in template["Parameters"]


def test_stage_is_pinned_to_the_packaged_one(template):
    assert template["Parameters"]["Stage"]["AllowedValues"] == ["dev"]


def test_deployment_zip_holds_the_app(out_dir):
    names = zipfile.ZipFile(out_dir / "deployment.zip").namelist()
    assert "app.py" in names
    assert any(name.startswith("chalicelib/") for name in names)


def test_local_stage_is_not_packaged(tmp_path):
    result = run_packaging("--stage", "local", "--out", str(tmp_path))
    assert result.returncode != 0
    assert "not deployable" in result.stderr


@pytest.mark.parametrize("kind", ["MISSING_AUTHENTICATION_TOKEN", "INVALID_SIGNATURE"])
def test_an_unknown_path_is_a_json_404_from_api_gateway_itself(template, kind):
    """With or without an Authorization header that is not SigV4 (a bearer token: INVALID_SIGNATURE)."""
    responses = template["Resources"]["RestAPI"]["Properties"]["DefinitionBody"]["x-amazon-apigateway-gateway-responses"]
    response = responses[kind]
    assert response["statusCode"] == "404"
    body = response["responseTemplates"]["application/json"]
    assert json.loads(body.replace("$context.httpMethod $context.path", "GET /x")) == {
        "statusCode": 404, "message": "Cannot GET /x", "error": "Not Found"}
    assert set(responses) == {"MISSING_AUTHENTICATION_TOKEN", "INVALID_SIGNATURE", "REQUEST_TOO_LARGE",
                              "DEFAULT_4XX", "DEFAULT_5XX"}


def test_a_body_over_api_gateways_limit_is_a_json_413_from_api_gateway_itself(template):
    response = template["Resources"]["RestAPI"]["Properties"]["DefinitionBody"][
        "x-amazon-apigateway-gateway-responses"]["REQUEST_TOO_LARGE"]
    assert response["statusCode"] == "413"
    assert json.loads(response["responseTemplates"]["application/json"]) == {
        "statusCode": 413, "message": "Request body is too large. At most 10 MB is accepted.",
        "error": "Request Entity Too Large"}


# ---------------------------------------------------------------- the import worker's layer (pyarrow)

LAMBDA_UNZIPPED_LIMIT = 262_144_000  # bytes: a function's code and all its layers, unzipped


def unzipped_bytes(path: Path) -> int:
    return sum(entry.file_size for entry in zipfile.ZipFile(path).infolist())


def function_by_handler(template: dict, handler: str) -> dict:
    (function,) = [f for f in functions(template).values() if f["Properties"]["Handler"] == handler]
    return function


def worker_layer_zip(template: dict, out_dir: Path) -> Path:
    (layer,) = function_by_handler(template, "app.import_worker")["Properties"]["Layers"]
    resource = template["Resources"][layer["Ref"]]
    assert resource["Type"] == "AWS::Serverless::LayerVersion"
    return out_dir / resource["Properties"]["ContentUri"]


def test_the_api_function_package_holds_no_pyarrow_and_no_layer(template, out_dir):
    names = zipfile.ZipFile(out_dir / "deployment.zip").namelist()
    assert not [name for name in names if name.split("/")[0].startswith("pyarrow")]
    assert "Layers" not in function_by_handler(template, "app.app")["Properties"]


def test_the_import_worker_gets_a_trimmed_pyarrow_layer(template, out_dir):
    layer = worker_layer_zip(template, out_dir)
    names = set(zipfile.ZipFile(layer).namelist())
    for needed in ("python/pyarrow/__init__.py", "python/pyarrow/libarrow.so.2600"):
        assert needed in names, needed
    # numpy is in the functions' package (the API uses it too), not twice.
    assert "numpy/__init__.py" in zipfile.ZipFile(out_dir / "deployment.zip").namelist()
    assert not [name for name in names if name.startswith("python/numpy")]
    assert any(name.startswith("python/pyarrow/_csv.") for name in names)
    runtime_tag = "cpython-" + LAMBDA_RUNTIME.removeprefix("python").replace(".", "")
    assert f"python/pyarrow/__pycache__/csv.{runtime_tag}.pyc" in names  # bytecode, as in the package
    left_out = [name for name in names if "/tests/" in name or "flight" in name or "_s3" in name
                or name.startswith("python/pyarrow/include/")]
    assert left_out == []


def test_each_function_fits_lambdas_unzipped_size_limit(template, out_dir):
    package = unzipped_bytes(out_dir / "deployment.zip")
    layer = unzipped_bytes(worker_layer_zip(template, out_dir))
    assert package <= LAMBDA_UNZIPPED_LIMIT
    assert package + layer <= LAMBDA_UNZIPPED_LIMIT, (package, layer)


def test_the_importer_checks_a_file_from_the_package_and_the_layer_alone(template, out_dir, tmp_path):
    # As on Lambda: the package in the task root, the layer's python/ after it, no other site-packages.
    zipfile.ZipFile(out_dir / "deployment.zip").extractall(tmp_path / "task")
    zipfile.ZipFile(worker_layer_zip(template, out_dir)).extractall(tmp_path / "opt")
    script = f"""
import io, sys
sys.path[:0] = [{str(tmp_path / "task")!r}, {str(tmp_path / "opt" / "python")!r}]
from chalicelib.imports import formats, source, validate, worker
import pyarrow
assert pyarrow.__file__.startswith({str(tmp_path / "opt")!r}), pyarrow.__file__
import numpy
assert numpy.__file__.startswith({str(tmp_path / "task")!r}), numpy.__file__
data = b"StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit\\nS-1,2020-01-02,10:00,UTC,pH,7.1,std units\\n" \\
       b"S-1,2020-13-02,10:00,UTC,pH,7.2,std units\\n"
text = source.open_text(io.BytesIO(data))
rules = validate.Rules(units=frozenset({{"std units"}}), time_zones={{"UTC": 0}}, activity_types={{"Field Msr/Obs": (False, True)}})
((chunk, checked),) = worker.checked_chunks(text, formats.detect(text.header), rules, 1000, validate.Seen())
print(len(checked), [r.message for r in checked.rejections])
"""
    result = subprocess.run([runtime_python(), "-S", "-E", "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ("1 [\"Date '2020-13-02' is not a date: there is no such month (use YYYY-MM-DD "
                                     "or M/D/YYYY (two-digit years 69-99 are 1969-1999, 00-68 are 2000-2068)).\"]")


# ---------------------------------------------------------------- the runtime: its glibc and Python ABI

# Lambda's Python runtimes on Amazon Linux 2023 and that system's glibc (AWS: "Lambda runtimes"). The
# runtimes on Amazon Linux 2 (python3.11 and older, glibc 2.26) cannot load pyarrow 26 (manylinux_2_28).
AMAZON_LINUX_2023_GLIBC = {"python3.12": (2, 34), "python3.13": (2, 34), "python3.14": (2, 34)}
LEGACY_MANYLINUX = {"manylinux1": (2, 5), "manylinux2010": (2, 12), "manylinux2014": (2, 17)}


def wheel_tags(archive: zipfile.ZipFile, prefix: str = "") -> dict[str, list[tuple[str, str, str]]]:
    """Per installed distribution (its .dist-info) holding compiled code, its wheel's tags."""
    tags = {}
    for name in archive.namelist():
        match = re.fullmatch(re.escape(prefix) + r"([^/]+)\.dist-info/WHEEL", name)
        if not match:
            continue
        text = archive.read(name).decode()
        if "Root-Is-Purelib: true" in text:
            continue
        tags[match.group(1)] = [tuple(line.split(": ", 1)[1].strip().split("-")) for line in text.splitlines()
                                if line.startswith("Tag: ")]
    return tags


def loads_on(tag: tuple[str, str, str], runtime: str) -> bool:
    """Whether a wheel tag (python, abi, platform) is one the runtime's CPython on x86_64 Linux loads."""
    python, abi, platform = tag
    own = "cp" + runtime.removeprefix("python").replace(".", "")
    python_ok = python == own or (abi == "abi3" and python.startswith("cp3") and int(python[3:]) <= int(own[3:]))
    if not python_ok or abi not in (own, "abi3", "none"):
        return False
    legacy = re.fullmatch(r"(manylinux\d+)_x86_64", platform)
    perennial = re.fullmatch(r"manylinux_(\d+)_(\d+)_x86_64", platform)
    needs = LEGACY_MANYLINUX.get(legacy.group(1)) if legacy else \
        (int(perennial.group(1)), int(perennial.group(2))) if perennial else None
    return needs is not None and needs <= AMAZON_LINUX_2023_GLIBC[runtime]


def test_the_functions_run_python_on_amazon_linux_2023_and_every_compiled_wheel_loads_there(template, out_dir):
    runtimes = {f["Properties"]["Runtime"] for f in functions(template).values()}
    assert runtimes == {LAMBDA_RUNTIME} and LAMBDA_RUNTIME in AMAZON_LINUX_2023_GLIBC
    layer = template["Resources"]["ImportWorkerLayer"]["Properties"]
    assert layer["CompatibleRuntimes"] == [LAMBDA_RUNTIME]
    with zipfile.ZipFile(out_dir / "deployment.zip") as package, \
            zipfile.ZipFile(worker_layer_zip(template, out_dir)) as worker_layer:
        compiled = {**wheel_tags(package), **wheel_tags(worker_layer, "python/")}
    assert {"numpy", "pyarrow", "shapely", "cryptography"} <= {name.split("-")[0] for name in compiled}, compiled
    unloadable = {name: tags for name, tags in compiled.items() if not any(loads_on(t, LAMBDA_RUNTIME) for t in tags)}
    assert unloadable == {}


def test_the_wheel_tag_check_refuses_what_the_runtime_cannot_load():
    own = "cp" + LAMBDA_RUNTIME.removeprefix("python").replace(".", "")
    assert loads_on((own, own, "manylinux_2_28_x86_64"), LAMBDA_RUNTIME)  # pyarrow 26
    assert loads_on(("cp39", "abi3", "manylinux2014_x86_64"), LAMBDA_RUNTIME)
    assert not loads_on((own, own, "manylinux_2_39_x86_64"), LAMBDA_RUNTIME)  # a newer glibc
    assert not loads_on(("cp311", "cp311", "manylinux_2_17_x86_64"), LAMBDA_RUNTIME)  # another Python's ABI
    assert not loads_on((own, own, "manylinux_2_28_aarch64"), LAMBDA_RUNTIME)
    assert "python3.11" not in AMAZON_LINUX_2023_GLIBC  # Amazon Linux 2: glibc 2.26, below pyarrow's 2.28
