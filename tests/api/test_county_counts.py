"""The explorer's answer counts the matching stations per county, so the county filter can offer the
counties that have stations, with their counts, first."""
from __future__ import annotations


def test_the_answer_counts_matching_stations_per_county(api, demo):
    answer = api.post("/statistic", {"organizationIds": [demo["org"]], "format": "objects", "limit": 5}).json
    counties = answer["totals"]["counties"]
    assert counties and all(len(fips) == 5 and fips.isdigit() for fips in counties)
    assert sum(counties.values()) <= answer["total"]
    # A station's own county is counted, and each count is what filtering by that county finds.
    # (Of the first five: other tests write stations of no county, which may come first.)
    station = next(s for s in (api.get(f"/station/{found['id']}").json for found in answer["stations"]) if s.get("countyFips"))
    assert counties[station["countyFips"]] >= 1
    for fips, count in sorted(counties.items())[:3]:
        narrowed = api.post("/statistic", {"organizationIds": [demo["org"]], "countyFips": [fips]}).json
        assert (narrowed["total"], narrowed["totals"]["counties"]) == (count, {fips: count})
    nobody = api.post("/statistic", {"organizationIds": ["00000000-0000-4000-8000-000000000000"]}).json
    assert (nobody["total"], nobody["totals"]["counties"]) == (0, {})


def test_the_answer_counts_matching_stations_per_organization_for_the_map_too(api, demo):
    """The organization filter shows these counts; the map's answer carries no organization per point."""
    answer = api.post("/statistic", {"format": "columns", "fields": ["sampleCount", "stationType"]}).json
    counts = answer["totals"]["organizationCounts"]
    assert counts[demo["org"]] >= 60 and sum(counts.values()) <= answer["total"]
    for organization_id, count in sorted(counts.items())[:3]:
        narrowed = api.post("/statistic", {"organizationIds": [organization_id]}).json
        assert (narrowed["total"], narrowed["totals"]["organizationCounts"]) == (count, {organization_id: count})
