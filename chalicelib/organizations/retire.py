"""A deleted organization's projects and stations leave the portal with it.

Its projects are few and are deleted at once; its stations may be many, so the queue worker deletes them
(at once where no queue is configured). Both are soft deletes, as a single project's or station's.
"""
from __future__ import annotations

import json

from chalicelib.core import aws
from chalicelib.core.config import get_settings
from chalicelib.core.models import utc_now

JOB_TYPE = "organization-retire"


def start(organization_id: str) -> None:
    retire_projects(organization_id)
    queue_url = get_settings().import_queue_url
    if queue_url:
        aws.client("sqs").send_message(QueueUrl=queue_url, MessageBody=json.dumps(
            {"type": JOB_TYPE, "organizationId": organization_id}))
    else:
        retire_stations(organization_id)


def retire_projects(organization_id: str) -> int:
    from chalicelib.projects.models import Project

    now, retired = utc_now(), 0
    for project in Project.by_organization.query(organization_id):
        if not project.deletedAt:
            project.update(actions=[Project.deletedAt.set(now)])
            retired += 1
    return retired


def retire_stations(organization_id: str) -> int:
    """Idempotent: a redelivered message deletes what is left."""
    from chalicelib.stations.models import Station
    from chalicelib.statistics import service as statistics

    now, retired = utc_now(), 0
    for station in Station.by_organization.query(organization_id):
        if not station.deletedAt:
            station.update(actions=[Station.deletedAt.set(now)])
            retired += 1
    if retired:
        statistics.mark_stale()
    return retired
