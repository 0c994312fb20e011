"""Monitoring stations (WQX monitoring locations) and their sample summaries.

Access patterns: station by id; stations of an organization (GSI byOrganization); station by its
identifier within an organization (id = uuid5 of organization and MonitoringLocationIdentifier, so
identifiers are unique per organization by construction); every station with its summary (a parallel
Scan, only when the explorer's snapshot is rebuilt: chalicelib/statistics).

The summary attributes (sampleCount, firstDate, lastDate, parameterIds, latestValues, media) are written only
by the samples domain when data is written, never by clients. latestValues maps each parameter id to
the value of its latest item without a sample fraction and its unit, {"v": 7.4, "u": "std units"}, and
"<parameterId>#<fraction>" to the latest of each fraction (chalicelib.samples.models.latest_key: the latest
Dissolved and the latest Total phosphorus apart, as two analytes); one whose latest item is not a number is left
out. The explorer colours the map by one of them. media lists the media
of the station's values (empty: none says; absent: not recorded yet, a summary written before it was kept).

loggerSeries names the station's logger series (chalicelib/timeseries), each as "<parameterId>#<statistic>#<sensor>"
(its series key without the station): a string set the time-series domain adds a series to when values are added to
it and takes it out of when its last values are deleted (each an atomic ADD or DELETE, so repeats and races agree),
never written by clients. The explorer finds a station by the parameters of its logger series as by those it sampled.
"""
from __future__ import annotations

from pynamodb.attributes import ListAttribute, MapAttribute, NumberAttribute, UnicodeAttribute, UnicodeSetAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta

SUMMARY_FIELDS = ("sampleCount", "firstDate", "lastDate", "parameterIds", "latestValues", "media", "loggerSeries")


class StationsByOrganization(GlobalSecondaryIndex):
    class Meta:
        index_name = "byOrganization"
        projection = AllProjection()

    organizationId = UnicodeAttribute(hash_key=True)


class Station(BaseModel):
    Meta = table_meta("stations")

    id = UnicodeAttribute(hash_key=True)
    organizationId = UnicodeAttribute()
    identifier = UnicodeAttribute()  # WQX MonitoringLocationIdentifier
    name = UnicodeAttribute()
    description = UnicodeAttribute(null=True)
    latitude = NumberAttribute()
    longitude = NumberAttribute()
    horizontalDatum = UnicodeAttribute(null=True)  # WQX HorizontalCoordinateReferenceSystemDatumName (NAD83, WGS84...)
    stationType = UnicodeAttribute(null=True)  # a station type key
    monitoringLocationType = UnicodeAttribute(null=True)  # WQX MonitoringLocationTypeName
    # The station's elevation (WQX VerticalMeasure: value, unit, VerticalCollectionMethodName and
    # VerticalCoordinateReferenceSystemDatumName), its drainage area and contributing drainage area (WQX
    # DrainageAreaMeasure, ContributingDrainageAreaMeasure: value and unit), each as a Station profile gives them;
    # a unit is one of reference.ELEVATION_UNITS / AREA_UNITS.
    elevation = NumberAttribute(null=True)
    elevationUnit = UnicodeAttribute(null=True)
    elevationMethod = UnicodeAttribute(null=True)
    verticalDatum = UnicodeAttribute(null=True)
    drainageArea = NumberAttribute(null=True)
    drainageAreaUnit = UnicodeAttribute(null=True)
    contributingDrainageArea = NumberAttribute(null=True)
    contributingDrainageAreaUnit = UnicodeAttribute(null=True)
    huc8 = UnicodeAttribute(null=True)
    huc12 = UnicodeAttribute(null=True)
    stateFips = UnicodeAttribute(null=True)  # 2 digits
    countyFips = UnicodeAttribute(null=True)  # 5 digits: state + county
    projectIds = ListAttribute(of=UnicodeAttribute, null=True)
    # Summary, maintained on every sample write.
    sampleCount = NumberAttribute(null=True)
    firstDate = UnicodeAttribute(null=True)
    lastDate = UnicodeAttribute(null=True)
    parameterIds = ListAttribute(of=UnicodeAttribute, null=True)
    latestValues = MapAttribute(null=True)  # {parameterId or parameterId#fraction: {"v": number, "u": unit}}
    media = ListAttribute(of=UnicodeAttribute, null=True)
    # The station's logger series, "<parameterId>#<statistic>#<sensor>" each (maintained by chalicelib/timeseries).
    loggerSeries = UnicodeSetAttribute(null=True)
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)
    deletedAt = UnicodeAttribute(null=True)

    by_organization = StationsByOrganization()
