"""The catalog: small reference lists and single records, each item tagged with its kind.

Access patterns: an item by id; every item of a kind (GSI byKind): parameter groups, station types,
monitoring location types, GIS layers. Single records by a fixed id: an organization's parameter
selection (organizationParameters#<organizationId>), the explorer snapshot's pointer, organizations' names.
"""
from __future__ import annotations

from pynamodb.attributes import ListAttribute, MapAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta

PARAMETER_GROUP = "parameterGroup"
STATION_TYPE = "stationType"
MONITORING_LOCATION_TYPE = "monitoringLocationType"
ORGANIZATION_PARAMETERS = "organizationParameters"
# An uploaded GeoJSON layer of hydrologic units (chalicelib/gis): its file in S3, counts and extent in details.
GIS_LAYER = "gisLayer"
# An organization's name, held for it (id organizationName#<name in lower case>): no two organizations share one.
ORGANIZATION_NAME = "organizationName"
# When a user's account was deleted (id deletedUser#<user id>): the sessions they held then end.
DELETED_USER = "deletedUser"


class CatalogByKind(GlobalSecondaryIndex):
    class Meta:
        index_name = "byKind"
        projection = AllProjection()

    kind = UnicodeAttribute(hash_key=True)


class CatalogItem(BaseModel):
    Meta = table_meta("catalog")

    id = UnicodeAttribute(hash_key=True)
    kind = UnicodeAttribute()
    key = UnicodeAttribute(null=True)
    label = UnicodeAttribute(null=True)
    description = UnicodeAttribute(null=True)
    organizationId = UnicodeAttribute(null=True)
    parameterIds = ListAttribute(of=UnicodeAttribute, null=True)
    # Kind-specific details (a snapshot's version and S3 key, a GIS layer's feature count, ...).
    details = MapAttribute(null=True)
    version = NumberAttribute(null=True)
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)
    deletedAt = UnicodeAttribute(null=True)

    by_kind = CatalogByKind()
