"""Deploys infra/template.yaml into a moto server's CloudFormation and returns the app's environment.

Locally the tables, queues and uploads bucket come from the very template the cloud uses (the
IsCloud condition leaves out the CDN and identity provider), so local names and keys cannot drift
from production's. See docs/decisions/0001-one-template-local-and-cloud.md.

    python -m devtools.local_stack --endpoint http://127.0.0.1:8003
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import boto3
from botocore.exceptions import ClientError

TEMPLATE = Path(__file__).resolve().parent.parent / "infra" / "template.yaml"
REGION = "us-east-1"
# Fixed dummy credentials keep real ones out of local runs. moto accepts any; LocalStack checks the signatures of
# presigned URLs and POSTs (devtools/localstack.py) with the secret key "test" for a key it does not know.
DUMMY_ACCESS_KEY = "test"
DUMMY_SECRET_KEY = "test"
STACK_TIMEOUT_SECONDS = 60


class StackError(RuntimeError):
    pass


def deploy(endpoint_url: str, stage: str = "local", stack_name: str | None = None) -> dict[str, str]:
    """Creates the stack unless it exists already, and returns the environment variables the app reads."""
    stack_name = stack_name or f"owd-{stage}"
    cloudformation = _client("cloudformation", endpoint_url)
    if _stack_status(cloudformation, stack_name) is None:
        _create_stack(cloudformation, stack_name, stage)
    else:
        _warn_if_template_changed(cloudformation, stack_name)
    outputs = _wait_until_created(cloudformation, stack_name)
    return app_environment(endpoint_url, outputs)


def app_environment(endpoint_url: str, outputs: dict[str, str]) -> dict[str, str]:
    return {
        "TABLE_PREFIX": outputs["TablePrefix"],
        "IMPORT_QUEUE_URL": _served_queue_url(endpoint_url, outputs["ImportQueueArn"]),
        "UPLOADS_BUCKET": outputs["UploadsBucketName"],
        "AWS_ENDPOINT_URL": endpoint_url,
        "AWS_REGION": REGION,
        "AWS_DEFAULT_REGION": REGION,
        "AWS_ACCESS_KEY_ID": DUMMY_ACCESS_KEY,
        "AWS_SECRET_ACCESS_KEY": DUMMY_SECRET_KEY,
    }


def _client(service: str, endpoint_url: str):
    return boto3.client(service, endpoint_url=endpoint_url, region_name=REGION,
                        aws_access_key_id=DUMMY_ACCESS_KEY, aws_secret_access_key=DUMMY_SECRET_KEY)


def _stack_status(cloudformation, stack_name: str) -> str | None:
    try:
        stacks = cloudformation.describe_stacks(StackName=stack_name)["Stacks"]
    except ClientError as error:
        if "does not exist" in str(error):
            return None
        raise
    return stacks[0]["StackStatus"] if stacks else None


def _create_stack(cloudformation, stack_name: str, stage: str) -> None:
    try:
        cloudformation.create_stack(
            StackName=stack_name,
            TemplateBody=TEMPLATE.read_text(encoding="utf-8"),
            Parameters=[{"ParameterKey": "Stage", "ParameterValue": stage}],
        )
    except ClientError as error:
        # Another process (a parallel test worker, `make run`) created it first: just use that one.
        if error.response["Error"]["Code"] != "AlreadyExistsException":
            raise


def _warn_if_template_changed(cloudformation, stack_name: str) -> None:
    # Deploying is create-only (an update could replace tables and lose local data), so say when a
    # long-running moto server still holds an older template.
    deployed = cloudformation.get_template(StackName=stack_name)["TemplateBody"]
    if isinstance(deployed, str) and deployed != TEMPLATE.read_text(encoding="utf-8"):
        print(f"local_stack: stack {stack_name} was created from an older infra/template.yaml; "
              "restart the moto server to apply the current one.", file=sys.stderr)


def _wait_until_created(cloudformation, stack_name: str) -> dict[str, str]:
    # moto creates stacks synchronously; CloudFormation proper (or LocalStack) does not.
    deadline = time.monotonic() + STACK_TIMEOUT_SECONDS
    while True:
        stack = cloudformation.describe_stacks(StackName=stack_name)["Stacks"][0]
        status = stack["StackStatus"]
        if status in ("CREATE_COMPLETE", "UPDATE_COMPLETE"):
            return {output["OutputKey"]: output["OutputValue"] for output in stack.get("Outputs", [])}
        if not status.endswith("_IN_PROGRESS"):
            raise StackError(f"stack {stack_name} is {status}: {stack.get('StackStatusReason', 'no reason given')}")
        if time.monotonic() > deadline:
            raise StackError(f"stack {stack_name} still {status} after {STACK_TIMEOUT_SECONDS} s")
        time.sleep(0.2)


def _served_queue_url(endpoint_url: str, queue_arn: str) -> str:
    # moto's stack output is the AWS-style URL (https://sqs.us-east-1.amazonaws.com/...); ask the
    # endpoint for the URL it serves the queue under, which works for any client, boto3 or not.
    queue_name = queue_arn.rsplit(":", 1)[-1]
    return _client("sqs", endpoint_url).get_queue_url(QueueName=queue_name)["QueueUrl"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endpoint", required=True, help="moto server (or LocalStack) URL")
    parser.add_argument("--stage", default="local")
    parser.add_argument("--stack-name", default=None)
    args = parser.parse_args(argv)
    for key, value in deploy(args.endpoint, args.stage, args.stack_name).items():
        print(f"{key}={value}")


if __name__ == "__main__":
    main()
