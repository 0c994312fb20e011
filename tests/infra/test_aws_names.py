"""Every name the template and the code give AWS is one AWS accepts, in every stage.

moto takes names AWS refuses (bucket names with capitals or underscores, tables shorter than 3
characters, `rate(1 minutes)`); LocalStack and DynamoDB Local refuse them as AWS does, but only for
what a test happens to create. These rules hold for every stage and every name, created or not.
"""
from __future__ import annotations

import re

from pathlib import Path

import pytest

from devtools.package_stack import load_infra_template

ROOT = Path(__file__).resolve().parents[2]
ACCOUNT_ID = "123456789012"
REGION = "us-east-1"


def stages(template: dict) -> list[str]:
    return template["Parameters"]["Stage"]["AllowedValues"]


def resolve(value, stage: str) -> str:
    """A name as CloudFormation makes it: a plain string or a !Sub of the stage, account and region."""
    text = value["Fn::Sub"] if isinstance(value, dict) else value
    assert isinstance(text, str), f"names are plain strings or a !Sub of one: {value!r}"
    return (text.replace("${Stage}", stage).replace("${AWS::AccountId}", ACCOUNT_ID)
            .replace("${AWS::Region}", REGION))


def names_of(template: dict, resource_type: str, name_property: str, stage: str) -> list[str]:
    return [resolve(resource["Properties"][name_property], stage) for resource in template["Resources"].values()
            if resource["Type"] == resource_type and name_property in resource.get("Properties", {})]


def s3_bucket_name_problem(name: str) -> str | None:
    """S3's rules for general purpose buckets (docs: "Bucket naming rules")."""
    if not 3 <= len(name) <= 63:
        return "must be 3 to 63 characters long"
    if not re.fullmatch(r"[a-z0-9.-]+", name):
        return "may hold only lowercase letters, digits, dots and hyphens"
    if not (name[0].isalnum() and name[-1].isalnum()):
        return "must begin and end with a letter or digit"
    if ".." in name or ".-" in name or "-." in name:
        return "must not have two adjacent periods, or a period beside a hyphen"
    if re.fullmatch(r"\d+\.\d+\.\d+\.\d+", name):
        return "must not look like an IP address"
    if name.startswith(("xn--", "sthree-")) or name.endswith(("-s3alias", "--ol-s3", "--x-s3")):
        return "uses a reserved prefix or suffix"
    return None


def dynamodb_table_name_problem(name: str) -> str | None:
    if not 3 <= len(name) <= 255:
        return "must be 3 to 255 characters long"
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
        return "may hold only letters, digits, underscores, hyphens and dots"
    return None


def sqs_queue_name_problem(name: str) -> str | None:
    base = name.removesuffix(".fifo")
    if not 1 <= len(name) <= 80 or not re.fullmatch(r"[A-Za-z0-9_-]+", base):
        return "must be 1 to 80 letters, digits, hyphens or underscores (and .fifo for FIFO queues)"
    return None


RATE = re.compile(r"rate\((\d+) (minute|minutes|hour|hours|day|days)\)")


def schedule_expression_problem(expression: str) -> str | None:
    """EventBridge: rate(1 minute) / rate(5 minutes), singular exactly for 1; cron() with six fields."""
    rate = RATE.fullmatch(expression)
    if rate:
        count, unit = int(rate.group(1)), rate.group(2)
        if count < 1:
            return "a rate must be a positive number"
        if (count == 1) != (not unit.endswith("s")):
            return f"rate({count} {unit}): use the singular unit for 1 and the plural otherwise"
        return None
    cron = re.fullmatch(r"cron\((.+)\)", expression)
    if cron and len(cron.group(1).split()) == 6:
        return None
    return "must be rate(value unit) or cron() with six fields"


@pytest.mark.parametrize(("name", "problem"), [
    ("owd-dev-uploads-123456789012", None), ("UpperCase", "may hold only lowercase letters, digits, dots and hyphens"),
    ("under_score", "may hold only lowercase letters, digits, dots and hyphens"),
    ("dots..x", "must not have two adjacent periods, or a period beside a hyphen"), ("ab", "must be 3 to 63 characters long"),
])
def test_the_bucket_rule_refuses_what_s3_refuses(name, problem):
    assert s3_bucket_name_problem(name) == problem


@pytest.mark.parametrize(("expression", "problem"), [
    ("rate(1 minute)", None), ("rate(5 minutes)", None), ("cron(0 3 * * ? *)", None),
    ("rate(1 minutes)", "rate(1 minutes): use the singular unit for 1 and the plural otherwise"),
    ("rate(2 hour)", "rate(2 hour): use the singular unit for 1 and the plural otherwise"),
    ("cron(0 3 * * *)", "must be rate(value unit) or cron() with six fields"),
])
def test_the_schedule_rule_refuses_what_eventbridge_refuses(expression, problem):
    assert schedule_expression_problem(expression) == problem


def test_the_template_names_buckets_tables_queues_and_schedules_as_aws_accepts():
    template = load_infra_template()
    problems = []
    for stage in stages(template):
        checks = [
            ("bucket", names_of(template, "AWS::S3::Bucket", "BucketName", stage), s3_bucket_name_problem),
            ("table", names_of(template, "AWS::DynamoDB::Table", "TableName", stage), dynamodb_table_name_problem),
            ("queue", names_of(template, "AWS::SQS::Queue", "QueueName", stage), sqs_queue_name_problem),
            ("schedule", names_of(template, "AWS::Events::Rule", "ScheduleExpression", stage)
             + names_of(template, "AWS::Scheduler::Schedule", "ScheduleExpression", stage), schedule_expression_problem),
        ]
        for kind, names, problem_of in checks:
            problems += [f"{stage} {kind} {name}: {problem_of(name)}" for name in names if problem_of(name)]
    assert problems == []
    assert names_of(template, "AWS::S3::Bucket", "BucketName", "prod"), "the template names its buckets"


def test_the_code_reads_tables_the_template_makes_under_names_dynamodb_accepts():
    from chalicelib.core.config import Settings

    template = load_infra_template()
    code = sorted({match for path in (ROOT / "chalicelib").rglob("*.py")
                   for match in re.findall(r"table_meta\(\"([^\"]+)\"\)", path.read_text(encoding="utf-8"))})
    assert len(code) >= 17
    for stage in stages(template):
        made = set(names_of(template, "AWS::DynamoDB::Table", "TableName", stage))
        read = [Settings(table_prefix=f"owd-{stage}-").table_name(short) for short in code]
        assert [name for name in read if name not in made or dynamodb_table_name_problem(name)] == []
