"""devtools.local_stack against a real moto server of its own (a fresh one, so creation from scratch is
what is tested; the session-wide server of tests/conftest.py already holds the stack)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import boto3
import pytest

from devtools import local_stack
from devtools.processes import free_port, start_moto_server

ROOT = Path(__file__).resolve().parents[2]

# The agreed tables: short name → (key schema, {index name: key schema}). Every attribute is a string.
HASH, RANGE = "HASH", "RANGE"
TABLES = {
    "users": ({"id": HASH}, {"byEmail": {"email": HASH}, "byNameKey": {"listing": HASH, "nameKey": RANGE},
                             "byName": {"listing": HASH, "name": RANGE}}),
    "roles": ({"id": HASH}, {}),
    "memberships": ({"organizationId": HASH, "userId": RANGE}, {"byUser": {"userId": HASH, "organizationId": RANGE}}),
    "organizations": ({"id": HASH}, {}),
    "dashboards": ({"id": HASH}, {"byOwner": {"ownerId": HASH}}),
    "uniques": ({"key": HASH}, {}),
    "settings": ({"id": HASH}, {}),
    "invitations": ({"id": HASH}, {"byEmail": {"email": HASH}, "byToken": {"token": HASH}}),
    "projects": ({"id": HASH}, {"byOrganization": {"organizationId": HASH}}),
    "stations": ({"id": HASH}, {"byOrganization": {"organizationId": HASH}}),
    "parameters": ({"id": HASH}, {}),
    "samples": ({"seriesKey": HASH, "time": RANGE}, {}),
    "importLogs": ({"id": HASH}, {"byProject": {"projectId": HASH, "createdAt": RANGE},
                                  "byOrganization": {"organizationId": HASH, "createdAt": RANGE}}),
    "timeseries": ({"seriesBucket": HASH, "ts": RANGE},
                   {"byOrganization": {"organizationId": HASH, "seriesKey": RANGE},
                    "byParameter": {"parameterId": HASH, "seriesKey": RANGE}}),
    "series": ({"stationId": HASH, "parameterId": RANGE}, {"byParameter": {"parameterId": HASH, "stationId": RANGE}}),
    "activities": ({"projectId": HASH, "id": RANGE}, {"byStart": {"projectId": HASH, "startKey": RANGE}}),
    "catalog": ({"id": HASH}, {"byKind": {"kind": HASH}}),
    "pages": ({"pageId": HASH, "version": RANGE}, {}),
    "contactMessages": ({"id": HASH}, {}),
    "audit": ({"id": HASH}, {}),
}
# Indexes that hold keys only (the rest hold whole items): a list's order, counted and skipped through cheaply.
KEYS_ONLY_INDEXES = {("activities", "byStart"): "KEYS_ONLY", ("series", "byParameter"): "KEYS_ONLY",
                     ("timeseries", "byParameter"): "KEYS_ONLY"}
ENVIRONMENT_NAMES = {"TABLE_PREFIX", "IMPORT_QUEUE_URL", "UPLOADS_BUCKET", "AWS_ENDPOINT_URL", "AWS_REGION",
                     "AWS_DEFAULT_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"}


@pytest.fixture(scope="module")
def endpoint():
    process, url = start_moto_server(free_port())
    yield url
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="module")
def env(endpoint) -> dict[str, str]:
    return local_stack.deploy(endpoint)


def client(env: dict[str, str], service: str):
    """A client configured only from what deploy() returned, as the app is."""
    return boto3.client(service, endpoint_url=env["AWS_ENDPOINT_URL"], region_name=env["AWS_REGION"],
                        aws_access_key_id=env["AWS_ACCESS_KEY_ID"], aws_secret_access_key=env["AWS_SECRET_ACCESS_KEY"])


def key_schema(elements: list[dict]) -> dict[str, str]:
    return {element["AttributeName"]: element["KeyType"] for element in elements}


def test_deploy_returns_the_environment_the_app_reads(env):
    assert set(env) == ENVIRONMENT_NAMES
    assert env["TABLE_PREFIX"] == "owd-local-"
    assert env["UPLOADS_BUCKET"].startswith("owd-local-uploads-")


def test_exactly_the_agreed_tables_exist(env):
    names = client(env, "dynamodb").list_tables()["TableNames"]
    assert sorted(names) == sorted(env["TABLE_PREFIX"] + short for short in TABLES)


@pytest.mark.parametrize("short_name", sorted(TABLES))
def test_table_keys_and_indexes(env, short_name):
    keys, indexes = TABLES[short_name]
    table = client(env, "dynamodb").describe_table(TableName=env["TABLE_PREFIX"] + short_name)["Table"]
    assert key_schema(table["KeySchema"]) == keys
    assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    actual_indexes = {index["IndexName"]: index for index in table.get("GlobalSecondaryIndexes", [])}
    assert {name: key_schema(index["KeySchema"]) for name, index in actual_indexes.items()} == indexes
    assert {name: index["Projection"]["ProjectionType"] for name, index in actual_indexes.items()} == {
        name: KEYS_ONLY_INDEXES.get((short_name, name), "ALL") for name in indexes}
    key_attributes = {name for schema in [keys, *indexes.values()] for name in schema}
    assert {d["AttributeName"]: d["AttributeType"] for d in table["AttributeDefinitions"]} == \
        dict.fromkeys(key_attributes, "S")


def test_import_queue_redrives_to_its_dead_letter_queue(env):
    sqs = client(env, "sqs")
    attributes = sqs.get_queue_attributes(QueueUrl=env["IMPORT_QUEUE_URL"], AttributeNames=["All"])["Attributes"]
    dead_letter_url = sqs.get_queue_url(QueueName="owd-local-imports-dlq")["QueueUrl"]
    dead_letter_arn = sqs.get_queue_attributes(QueueUrl=dead_letter_url,
                                               AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    assert json.loads(attributes["RedrivePolicy"]) == {"deadLetterTargetArn": dead_letter_arn, "maxReceiveCount": 5}
    assert int(attributes["VisibilityTimeout"]) > 900  # longer than the worker's Lambda timeout


def test_a_message_round_trips_through_the_returned_queue_url(env):
    sqs = client(env, "sqs")
    sqs.send_message(QueueUrl=env["IMPORT_QUEUE_URL"], MessageBody='{"job": "round-trip"}')
    messages = sqs.receive_message(QueueUrl=env["IMPORT_QUEUE_URL"], WaitTimeSeconds=1)["Messages"]
    assert [message["Body"] for message in messages] == ['{"job": "round-trip"}']
    sqs.delete_message(QueueUrl=env["IMPORT_QUEUE_URL"], ReceiptHandle=messages[0]["ReceiptHandle"])


def test_uploads_bucket_exists_and_takes_objects(env):
    s3 = client(env, "s3")
    s3.put_object(Bucket=env["UPLOADS_BUCKET"], Key="imports/probe.csv", Body=b"a,b\n1,2\n")
    assert s3.get_object(Bucket=env["UPLOADS_BUCKET"], Key="imports/probe.csv")["Body"].read() == b"a,b\n1,2\n"


def test_a_second_deploy_reuses_the_stack(endpoint, env):
    assert local_stack.deploy(endpoint) == env
    stacks = client(env, "cloudformation").describe_stacks()["Stacks"]
    assert [stack["StackName"] for stack in stacks] == ["owd-local"]


def test_command_line_prints_the_environment(endpoint, env):
    result = subprocess.run([sys.executable, "-m", "devtools.local_stack", "--endpoint", endpoint],
                            cwd=ROOT, capture_output=True, text=True, check=True, timeout=60)
    printed = dict(line.split("=", 1) for line in result.stdout.splitlines())
    assert printed == env
