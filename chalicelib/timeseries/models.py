"""Time series (logger data): a series' description and its values packed by time bucket, in one table.

A series is (station, parameter, optionally a statistic such as mean/max/min, optionally a sensor); its
id is derived from those, so the same series always gets the same id.

Table `timeseries` (keys as infra/template.yaml has them since the table was reserved):
- partition `seriesBucket` = the series id: all of one series' items, so reading a time range is one
  Query;
- sort `ts` = the bucket's start ("2024-05" for a month bucket, "2024-05-17" for a day bucket) for the
  value items, and "meta" for the series' description (it sorts after every bucket, outside any range
  of dates).
A bucket item holds its values packed (chalicelib/timeseries/packing.py): a month of 15-minute values
(2,976) is one item of about 20 KB, so a year is 12 items (docs/decisions/0007-time-series.md).
The description items carry `organizationId` and `seriesKey` ("<stationId>#<parameterId>#<statistic>#
<sensor>"): the sparse GSI byOrganization lists an organization's series, or a station's (begins_with).
"""
from __future__ import annotations

from pynamodb.attributes import BinaryAttribute, ListAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex, KeysOnlyProjection

from chalicelib.core.models import BaseModel, table_meta

META = "meta"
MONTH, DAY = "month", "day"


class SeriesByOrganization(GlobalSecondaryIndex):
    class Meta:
        index_name = "byOrganization"
        projection = AllProjection()

    organizationId = UnicodeAttribute(hash_key=True)
    seriesKey = UnicodeAttribute(range_key=True)


class SeriesByParameter(GlobalSecondaryIndex):
    """Whether any logger series measures a parameter (keys only; only the descriptions carry parameterId)."""

    class Meta:
        index_name = "byParameter"
        projection = KeysOnlyProjection()

    parameterId = UnicodeAttribute(hash_key=True)
    seriesKey = UnicodeAttribute(range_key=True)


class TimeSeries(BaseModel):
    """The description of a series (sort key "meta"): what it measures, its unit, counts and time span."""

    Meta = table_meta("timeseries")

    id = UnicodeAttribute(hash_key=True, attr_name="seriesBucket")
    ts = UnicodeAttribute(range_key=True, default=META)
    organizationId = UnicodeAttribute()
    seriesKey = UnicodeAttribute()
    stationId = UnicodeAttribute()
    parameterId = UnicodeAttribute()
    statistic = UnicodeAttribute(null=True)
    sensor = UnicodeAttribute(null=True)
    unit = UnicodeAttribute(null=True)
    projectIds = ListAttribute(of=UnicodeAttribute, null=True)
    bucketSize = UnicodeAttribute(default=MONTH)  # month or day, fixed when the series is created
    count = NumberAttribute(default=0)
    firstTime = UnicodeAttribute(null=True)
    lastTime = UnicodeAttribute(null=True)
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)
    # Guards the span a deletion writes (service._summarize_removal): a deletion writes it only at the version it read
    # (absent: 0), and every merge and deletion moves it on, so none writes a span from an older look at the buckets
    # over another's change. The count is only ever added to and taken from.
    version = NumberAttribute(null=True, attr_name="ver")

    by_organization = SeriesByOrganization()
    by_parameter = SeriesByParameter()


class TimeBucket(BaseModel):
    """One bucket of a series' values, packed; `version` guards concurrent merges (optimistic locking)."""

    Meta = table_meta("timeseries")

    seriesId = UnicodeAttribute(hash_key=True, attr_name="seriesBucket")
    ts = UnicodeAttribute(range_key=True)
    data = BinaryAttribute(attr_name="d", legacy_encoding=False)
    qualifiers = ListAttribute(of=UnicodeAttribute, null=True, attr_name="q")
    count = NumberAttribute(attr_name="n")
    version = NumberAttribute(attr_name="ver")
