"""Projects of an organization and their sampling activities.

Access patterns: project by id; projects of an organization (GSI byOrganization); project by its key
within an organization (id = uuid5 of organization and key, so the key is unique by construction);
all projects (the public list, a Scan of a small table); activities of a project, paged (Query).
"""
from __future__ import annotations

import uuid

from pynamodb.attributes import ListAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

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
    stationId = UnicodeAttribute(null=True)
    monitoringLocationIdentifier = UnicodeAttribute(null=True)
    conductingOrganization = UnicodeAttribute(null=True)
    comment = UnicodeAttribute(null=True)
    hydrologicCondition = UnicodeAttribute(null=True)
    hydrologicEvent = UnicodeAttribute(null=True)
    createdAt = UnicodeAttribute()
