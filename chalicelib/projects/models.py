"""Projects of an organization and their sampling activities.

Access patterns: project by id; projects of an organization (GSI byOrganization); project by its key
within an organization (id = uuid5 of organization and key, so the key is unique by construction);
all projects (the public list, a Scan of a small table); activities of a project by start date, a page at
a time (GSI byStart: its keys only, so that skipping to a page and counting read small index entries).
"""
from __future__ import annotations

import uuid

from pynamodb.attributes import ListAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex, KeysOnlyProjection

from chalicelib.core.models import BaseModel, table_meta

# The namespace of ids derived from natural keys (project keys, station identifiers, parameter labels).
ID_NAMESPACE = uuid.UUID("9a3c2f0e-5b7d-4e61-8c1a-0d4f6b2e9c75")


def derived_id(*parts: str) -> str:
    return str(uuid.uuid5(ID_NAMESPACE, "\x1f".join(p.strip().casefold() for p in parts)))


class ProjectsByOrganization(GlobalSecondaryIndex):
    class Meta:
        index_name = "byOrganization"
        projection = AllProjection()

    organizationId = UnicodeAttribute(hash_key=True)


class Project(BaseModel):
    Meta = table_meta("projects")

    id = UnicodeAttribute(hash_key=True)
    # The same value as id: the name the data section's calls use.
    projectId = UnicodeAttribute(null=True)
    organizationId = UnicodeAttribute()
    # The project's own identifier, as WQX ProjectIdentifier (e.g. "RTWQN 2017-2019").
    projectKey = UnicodeAttribute()
    name = UnicodeAttribute()
    description = UnicodeAttribute(null=True)
    stationIds = ListAttribute(of=UnicodeAttribute, null=True)
    parameterIds = ListAttribute(of=UnicodeAttribute, null=True)
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)
    deletedAt = UnicodeAttribute(null=True)

    by_organization = ProjectsByOrganization()


def start_key(start_date: str | None, start_time: str | None, activity_id: str) -> str:
    """An activity's place in its project's list: by start date, then time, then id (NUL between them sorts a
    missing time before any time, as comparing the three one after the other does)."""
    return "\x00".join((start_date or "", start_time or "", activity_id))


class ActivitiesByStart(GlobalSecondaryIndex):
    class Meta:
        index_name = "byStart"
        projection = KeysOnlyProjection()

    projectId = UnicodeAttribute(hash_key=True)
    startKey = UnicodeAttribute(range_key=True)


class Activity(BaseModel):
    """A sampling activity (WQX ActivityIdentifier) of a project."""

    Meta = table_meta("activities")

    projectId = UnicodeAttribute(hash_key=True)
    id = UnicodeAttribute(range_key=True)  # ActivityIdentifier
    organizationId = UnicodeAttribute()
    typeCode = UnicodeAttribute(null=True)  # ActivityTypeCode, one of the built-in activity types
    media = UnicodeAttribute(null=True)
    mediaSubdivision = UnicodeAttribute(null=True)
    startDate = UnicodeAttribute(null=True)
    startTime = UnicodeAttribute(null=True)
    timeZone = UnicodeAttribute(null=True)
    # ActivityEndDate, ActivityEndTime/Time and its zone, as a portal file gives them (a composite or continuous sample)
    endDate = UnicodeAttribute(null=True)
    endTime = UnicodeAttribute(null=True)
    endTimeZone = UnicodeAttribute(null=True)
    stationId = UnicodeAttribute(null=True)
    monitoringLocationIdentifier = UnicodeAttribute(null=True)
    conductingOrganization = UnicodeAttribute(null=True)
    comment = UnicodeAttribute(null=True)
    hydrologicCondition = UnicodeAttribute(null=True)
    hydrologicEvent = UnicodeAttribute(null=True)
    createdAt = UnicodeAttribute()
    startKey = UnicodeAttribute(null=True)  # start_key(startDate, startTime, id): set on every write

    by_start = ActivitiesByStart()

    def serialize(self, null_check: bool = True) -> dict:
        self.startKey = start_key(self.startDate, self.startTime, self.id)
        return super().serialize(null_check=null_check)

    def to_dict(self) -> dict:
        values = super().to_dict()
        values.pop("startKey", None)
        return values
