"""Time-series packing and buckets without any AWS: what a bucket item holds comes back exactly, and a
series' bucket size follows the spacing of its values (chalicelib/timeseries, docs/decisions/0011)."""
from __future__ import annotations

import random

from chalicelib.timeseries import packing, service
from chalicelib.timeseries.models import DAY, MONTH
from chalicelib.timeseries.packing import Bucket, Point

MAY_2024 = 1714521600  # 2024-05-01T00:00:00Z


def test_a_bucket_packs_and_unpacks_every_value_qualifier_and_flag_exactly():
    rng = random.Random(7)
    points = {MAY_2024 + 900 * i: Point(round(rng.uniform(-5, 500), 3), rng.choice([None, "A", "P", "e"]),
                                         rng.random() < 0.05) for i in range(2976)}
    data, qualifiers = packing.pack(Bucket(MAY_2024, points))
    assert sorted(qualifiers) == ["A", "P", "e"]
    assert packing.unpack(data, MAY_2024, qualifiers).points == points
    assert len(data) < 40 * 1024  # a month of 15-minute values: far below DynamoDB's 400 KB


def test_close_values_get_day_buckets_and_others_month_buckets():
    assert service.bucket_size_for(range(MAY_2024, MAY_2024 + 3600, 60)) == DAY  # 1-minute values
    assert service.bucket_size_for(range(MAY_2024, MAY_2024 + 36000, 900)) == MONTH  # 15-minute values
    assert service.bucket_size_for([MAY_2024]) == MONTH
    assert service.bucket_of(MAY_2024 + 86400 * 16 + 5, MONTH) == ("2024-05", MAY_2024)
    assert service.bucket_of(MAY_2024 + 86400 * 16 + 5, DAY) == ("2024-05-17", MAY_2024 + 86400 * 16)
    assert service.bucket_start("2024-05-17") == MAY_2024 + 86400 * 16


def test_the_level_is_the_finest_that_fits_the_points_asked_for():
    year = 365 * 86400
    assert service.choose_level(0, year, 35_040, 2000) == "day"
    assert service.choose_level(0, 30 * 86400, 2_880, 2000) == "hour"
    assert service.choose_level(0, 7 * 86400, 672, 2000) == "raw"
    assert service.choose_level(0, 20 * year, 700_800, 2000) == "month"
