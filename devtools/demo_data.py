"""Monitoring demo data: the real Water Quality Portal files (as they are) and a deterministic
generator of realistic stations across the United States with seasonal series.

    load_wqp(organization_id)                  stations, projects, activities, parameters, results
    generate(organization_id, stations=2000)   generated stations, their series and summaries

Both are idempotent (puts of keys derived from natural identifiers) and skip work already done
(a catalog marker records what was loaded).
"""
from __future__ import annotations

import csv
import math
import random
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path

from chalicelib.core import aws
from chalicelib.core.models import utc_now
from chalicelib.imports.formats import WQP_STATION, WQX2_RESULT, WQX3_RESULT, station_type_of
from chalicelib.parameters import service as parameters
from chalicelib.projects import service as projects
from chalicelib.projects.models import Activity
from chalicelib.reference import service as reference
from chalicelib.reference.models import MONITORING_LOCATION_TYPE, PARAMETER_GROUP, STATION_TYPE, CatalogItem
from chalicelib.samples import service as samples
from chalicelib.samples.models import SampleValue, Series, series_key
from chalicelib.stations import service as stations
from chalicelib.stations.models import Station

# Inside the repository (devtools/demo/README.md names the source and licence): a clone is enough.
WQP_DIR = Path(__file__).resolve().parent / "demo" / "wqp"
WQP_PROJECT_KEY = "WQP"
GENERATOR_SEED = 20240601
# Versions of what the loaders write (a new version loads again over what a running stack holds):
# 2: series and stations keep the latest value of each parameter; 3 (generator): no date after GENERATED_UNTIL;
# 3 (WQP), 4 (generator): series and stations keep their values' media (the generated ones: Water); 4 (WQP): values keep their time zone,
# and the sample fraction tells results of one activity apart; 5 (WQP): the WQX 3 site knows its state and county;
# 6 (WQP): a project holds the stations its activities sampled; 7 (WQP): stations keep their horizontal datum;
# 8 (WQP): and their elevation and drainage areas.
WQP_VERSION = 8
GENERATOR_VERSION = 4
# Generated visits end here at the latest: a fixed past day keeps the data deterministic and never
# in the future (version 2 started series as late as 2023 and ran them for up to eight years).
GENERATED_FROM, GENERATED_UNTIL = date(2012, 1, 1), date(2025, 12, 31)
DEFAULT_STATIONS = 2000

STATION_TYPES = {"surface-water": "Surface water", "groundwater": "Groundwater", "lake": "Lake or reservoir",
                 "estuary": "Estuary or ocean", "other": "Other"}
PARAMETER_GROUPS = {"Physical": "Temperature, conductance, turbidity", "Inorganics, Major": "Dissolved oxygen, pH",
                    "Nutrient": "Nitrogen and phosphorus"}
# label, unit, group, WQX characteristic name, sample fraction
PARAMETERS = [
    ("Temperature, water", "deg C", "Physical", "Temperature, water", None),
    ("pH", "std units", "Inorganics, Major", "pH", None),
    ("Dissolved oxygen (DO)", "mg/L", "Inorganics, Major", "Dissolved oxygen (DO)", "Dissolved"),
    ("Specific conductance", "uS/cm @25C", "Physical", "Specific conductance", None),
    ("Nitrate", "mg/L as N", "Nutrient", "Nitrate", "Dissolved"),
    ("Total Phosphorus, mixed forms", "mg/L as P", "Nutrient", "Total Phosphorus, mixed forms", "Total"),
    ("Turbidity", "NTU", "Physical", "Turbidity", None),
]
# Anchors: a place, its state and county FIPS, position, and the HUC-2 region around it.
ANCHORS = [
    ("Sacramento", "CA", "06067", 38.58, -121.49, "18"), ("Fresno", "CA", "06019", 36.74, -119.79, "18"),
    ("Portland", "OR", "41051", 45.52, -122.68, "17"), ("Spokane", "WA", "53063", 47.66, -117.43, "17"),
    ("Boise", "ID", "16001", 43.62, -116.20, "17"), ("Salt Lake City", "UT", "49035", 40.76, -111.89, "16"),
    ("Reno", "NV", "32031", 39.53, -119.81, "16"), ("Phoenix", "AZ", "04013", 33.45, -112.07, "15"),
    ("Albuquerque", "NM", "35001", 35.08, -106.65, "13"), ("Denver", "CO", "08031", 39.74, -104.99, "10"),
    ("Billings", "MT", "30111", 45.78, -108.50, "10"), ("Bismarck", "ND", "38015", 46.81, -100.78, "10"),
    ("Omaha", "NE", "31055", 41.26, -95.94, "10"), ("Wichita", "KS", "20173", 37.69, -97.34, "11"),
    ("Oklahoma City", "OK", "40109", 35.47, -97.52, "11"), ("Austin", "TX", "48453", 30.27, -97.74, "12"),
    ("Houston", "TX", "48201", 29.76, -95.37, "12"), ("Little Rock", "AR", "05119", 34.75, -92.29, "08"),
    ("New Orleans", "LA", "22071", 29.95, -90.07, "08"), ("Jackson", "MS", "28049", 32.30, -90.18, "08"),
    ("Memphis", "TN", "47157", 35.15, -90.05, "08"), ("Nashville", "TN", "47037", 36.16, -86.78, "06"),
    ("St. Louis", "MO", "29510", 38.63, -90.20, "07"), ("Des Moines", "IA", "19153", 41.59, -93.62, "07"),
    ("Minneapolis", "MN", "27053", 44.98, -93.27, "07"), ("Madison", "WI", "55025", 43.07, -89.40, "07"),
    ("Chicago", "IL", "17031", 41.88, -87.63, "07"), ("Indianapolis", "IN", "18097", 39.77, -86.16, "05"),
    ("Columbus", "OH", "39049", 39.96, -83.00, "05"), ("Detroit", "MI", "26163", 42.33, -83.05, "04"),
    ("Pittsburgh", "PA", "42003", 40.44, -80.00, "05"), ("Harrisburg", "PA", "42043", 40.27, -76.88, "02"),
    ("Albany", "NY", "36001", 42.65, -73.75, "02"), ("Burlington", "VT", "50007", 44.48, -73.21, "04"),
    ("Concord", "NH", "33013", 43.21, -71.54, "01"), ("Hartford", "CT", "09003", 41.76, -72.67, "01"),
    ("Trenton", "NJ", "34021", 40.22, -74.76, "02"), ("Baltimore", "MD", "24510", 39.29, -76.61, "02"),
    ("Richmond", "VA", "51760", 37.54, -77.44, "02"), ("Raleigh", "NC", "37183", 35.78, -78.64, "03"),
    ("Columbia", "SC", "45079", 34.00, -81.03, "03"), ("Atlanta", "GA", "13121", 33.75, -84.39, "03"),
    ("Tallahassee", "FL", "12073", 30.44, -84.28, "03"), ("Orlando", "FL", "12095", 28.54, -81.38, "03"),
    ("Birmingham", "AL", "01073", 33.52, -86.80, "03"), ("Louisville", "KY", "21111", 38.25, -85.76, "05"),
    ("Charleston", "WV", "54039", 38.35, -81.63, "05"), ("Bangor", "ME", "23019", 44.80, -68.77, "01"),
    ("Anchorage", "AK", "02020", 61.22, -149.90, "19"), ("Honolulu", "HI", "15003", 21.31, -157.86, "20"),
]
WATER_NAMES = ["Cedar", "Mill", "Bear", "Willow", "Spring", "Rock", "Clear", "Beaver", "Deer", "Sugar", "Pine",
               "Walnut", "Turkey", "Otter", "Elk", "Big Sandy", "Little Muddy", "Salt", "Indian", "Dry", "Stony",
               "Black", "White Oak", "Crooked", "Fox", "Maple", "Silver", "Hickory", "Buffalo", "Wolf"]
WATER_KINDS = [("Creek", "Stream", 40), ("River", "River/Stream", 25), ("Brook", "Stream", 6), ("Run", "Stream", 6),
               ("Lake", "Lake", 10), ("Reservoir", "Reservoir", 5), ("Pond", "Lake, Reservoir, Impoundment", 3),
               ("Well", "Well", 3), ("Spring", "Spring", 1), ("Bay", "Estuary", 1)]
SITE_WORDS = ["at", "near", "above", "below"]


# ---------------------------------------------------------------- shared reference data


def seed_reference() -> None:
    for key, label in STATION_TYPES.items():
        reference.ensure(STATION_TYPE, key, label)
    for label, description in PARAMETER_GROUPS.items():
        reference.ensure(PARAMETER_GROUP, label, label, description)
    for entry in reference.keylists()["monitoringLocationTypes"]["values"]:
        reference.ensure(MONITORING_LOCATION_TYPE, entry["value"], entry["value"])
    for label, unit, group, characteristic, fraction in PARAMETERS:
        parameters.ensure(label, unit=unit, group=group, characteristicName=characteristic, sampleFraction=fraction)


def _marker(name: str) -> CatalogItem | None:
    try:
        return CatalogItem.get(f"demo#{name}")
    except CatalogItem.DoesNotExist:
        return None


def _set_marker(name: str, description: str) -> None:
    CatalogItem(id=f"demo#{name}", kind="demoData", label=name, description=description, createdAt=utc_now()).save()


# ---------------------------------------------------------------- the Water Quality Portal files


WQP_FILES = ("wqp_sites.csv", "wqp_projects.csv", "wqp_activities.csv", "wqp_results.csv", "wqp3_results.csv")


def read_wqp_files() -> dict[str, list[dict]]:
    """The rows of every WQP file `load_wqp` loads, by file name (no AWS: what a clone must carry)."""
    rows = {}
    for name in WQP_FILES:
        with open(WQP_DIR / name, newline="", encoding="utf-8") as handle:
            rows[name] = list(csv.DictReader(handle))
    return rows


def _offsets() -> dict[str, int]:
    return {z["value"]: z["offsetHours"] for z in reference.keylists()["timeZones"]["values"]}


def wqp_time(day: str, clock: str | None, zone: str | None) -> datetime:
    moment = datetime.combine(date.fromisoformat(day), time.fromisoformat(clock) if clock else time(0, 0))
    return moment.replace(tzinfo=timezone(timedelta(hours=_offsets().get(zone or "UTC", 0))))


def _number(text: str | None) -> float | None:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def _measures(site: dict) -> dict:
    """A WQP site's elevation and drainage areas, as an import of the file keeps them (a value with its unit)."""
    measures = {}
    for value, unit, units in (("elevation", "elevationUnit", reference.ELEVATION_UNITS),
                               ("drainageArea", "drainageAreaUnit", reference.AREA_UNITS),
                               ("contributingDrainageArea", "contributingDrainageAreaUnit", reference.AREA_UNITS)):
        number, named = _number(site.get(value)), reference.measure_unit(site.get(unit), units)
        if number is not None and named is not None:
            measures.update({value: number, unit: named})
    if "elevation" in measures:
        measures.update(elevationMethod=site.get("elevationMethod") or None, verticalDatum=site.get("verticalDatum") or None)
    return measures


def load_wqp(organization_id: str) -> dict:
    """The real WQP sites, projects, activities and results (WQX 2 and WQX 3 columns) in one organization."""
    if _marker(f"wqp-{WQP_VERSION}") is not None:
        return {"skipped": True}
    files = read_wqp_files()
    # The same column maps as the importer (chalicelib/imports/formats.py).
    sites = {}
    for row in files["wqp_sites.csv"]:
        site = WQP_STATION.pick(row)
        sites[site["station"]] = dict(
            identifier=site["station"], name=site["stationName"], latitude=_number(site["latitude"]),
            longitude=_number(site["longitude"]), horizontalDatum=site["horizontalDatum"],
            monitoringLocationType=site["locationType"], huc8=site["huc8"], description=site["description"],
            **_measures(site), **reference.place_fips(site["stateCode"], site["countyCode"]))
    results3 = [WQX3_RESULT.pick(row) for row in files["wqp3_results.csv"]]
    for site in results3:  # WQX 3 results carry their location
        sites.setdefault(site["station"], dict(
            identifier=site["station"], name=site["stationName"], latitude=_number(site["latitude"]),
            longitude=_number(site["longitude"]), horizontalDatum=site["horizontalDatum"],
            monitoringLocationType=site["locationType"], huc8=(site["huc8"] or "").zfill(8) or None, huc12=site["huc12"], description=site["description"],
            **reference.place_fips(site["stateCode"], site["countyCode"])))
    station_items = []
    for site in sites.values():
        if site["latitude"] is None or site["longitude"] is None:
            continue
        values = {k: v for k, v in site.items() if v is not None}
        values["stationType"] = station_type_of(site.get("monitoringLocationType"))
        station_items.append(Station(id=stations.station_id_for(organization_id, site["identifier"]),
                                     organizationId=organization_id, createdAt=utc_now(), **values))
    stations.save_all(station_items)
    known = {s.identifier: s.id for s in station_items}

    project_ids = {}
    for row in files["wqp_projects.csv"]:
        project = projects.ensure(organization_id, row["ProjectIdentifier"], row["ProjectName"],
                                  row["ProjectDescriptionText"])
        project_ids[row["ProjectIdentifier"]] = project.id
    default = projects.ensure(organization_id, WQP_PROJECT_KEY, "Water Quality Portal samples",
                              "Activities and results of the real Water Quality Portal files.")

    def project_of(key: str | None) -> str:
        if not key:
            return default.id
        if key not in project_ids:
            project_ids[key] = projects.ensure(organization_id, key, key).id
        return project_ids[key]

    activities = []
    for row in files["wqp_activities.csv"]:
        activities.append(Activity(
            projectId=project_of(row["ProjectIdentifier"]), id=row["ActivityIdentifier"], organizationId=organization_id,
            typeCode=row["ActivityTypeCode"] or None, media=row["ActivityMediaName"] or None,
            mediaSubdivision=row["ActivityMediaSubdivisionName"] or None, startDate=row["ActivityStartDate"] or None,
            startTime=row["ActivityStartTime/Time"] or None, timeZone=row["ActivityStartTime/TimeZoneCode"] or None,
            endDate=row["ActivityEndDate"] or None, endTime=row["ActivityEndTime/Time"] or None,
            endTimeZone=row["ActivityEndTime/TimeZoneCode"] or None,
            stationId=known.get(row["MonitoringLocationIdentifier"]),
            monitoringLocationIdentifier=row["MonitoringLocationIdentifier"] or None,
            conductingOrganization=row["ActivityConductingOrganizationText"] or None,
            comment=row["ActivityCommentText"] or None, hydrologicCondition=row["HydrologicCondition"] or None,
            hydrologicEvent=row["HydrologicEvent"] or None, createdAt=utc_now()))

    results = []
    for result in [WQX2_RESULT.pick(row) for row in files["wqp_results.csv"]] + results3:
        project_cell = (result["project"] or "").strip('[]"')  # WQX 3: a JSON list of identifiers
        results.append(dict(site=result["station"], activity=result["activityId"] or "",
                            type=result["activityType"] or "", media=result["media"] or "", day=result["date"] or "",
                            clock=result["time"] or "", zone=result["timeZone"] or "",
                            project=project_cell.split('","')[0] if project_cell else "",
                            characteristic=result["characteristic"] or "", value=result["value"] or "",
                            unit=result["unit"] or "", fraction=result["fraction"] or "",
                            detection=result["detectionCondition"] or "", status=result["status"] or "",
                            value_type=result["valueType"] or "", qualifier=result["qualifier"] or ""))
    written = []
    for r in results:
        station_id = known.get(r["site"])
        if station_id is None or not r["day"] or not r["characteristic"]:
            continue
        parameter = parameters.ensure(r["characteristic"], unit=r["unit"] or None, characteristicName=r["characteristic"])
        value = _number(r["value"])
        extra = {k: v or None for k, v in (("activityId", r["activity"]), ("activityType", r["type"]),
                                            ("media", r["media"]), ("sampleFraction", r["fraction"]),
                                            ("detectionCondition", r["detection"]), ("status", r["status"]),
                                            ("valueType", r["value_type"]), ("qualifier", r["qualifier"]))}
        extra.update(projectId=project_of(r["project"]), timeZone=r["zone"] or None,
                     dateOnly="1" if not r["clock"] else None)
        written.append(samples.Sample(
            stationId=station_id, parameterId=parameter.id, organizationId=organization_id,
            time=samples.sort_time(wqp_time(r["day"], r["clock"], r["zone"]),
                                   samples.discriminator(r["activity"], r["fraction"])), value=value,
            text=None if value is not None else (r["value"] or None), unit=r["unit"] or None, extra=extra))
    # Activities of results whose activity file row is missing still belong to their project.
    seen = {(a.projectId, a.id) for a in activities}
    for r in results:
        key = (project_of(r["project"]), r["activity"])
        if r["activity"] and key not in seen:
            seen.add(key)
            activities.append(Activity(projectId=key[0], id=r["activity"], organizationId=organization_id,
                                       typeCode=r["type"] or None, media=r["media"] or None, startDate=r["day"],
                                       startTime=r["clock"] or None, timeZone=r["zone"] or None,
                                       stationId=known.get(r["site"]), monitoringLocationIdentifier=r["site"],
                                       createdAt=utc_now()))
    projects.save_activities(activities)
    summary = samples.write(written)
    # A project's stations are those it sampled (as an import makes them), so that the explorer's project filter
    # finds what the WQP services find by the project's activities; the default project holds every station.
    sampled: dict[str, set[str]] = {default.id: set(known.values())}
    for activity in activities:
        if activity.stationId:
            sampled.setdefault(activity.projectId, set()).add(activity.stationId)
    for project_id, station_ids in sorted(sampled.items()):
        project = projects.get(project_id)
        members = sorted(station_ids | set(project.stationIds or []))
        projects.set_lists(project, station_ids=members)
        stations.set_project_membership(project_id, organization_id, members, [])
    _set_marker(f"wqp-{WQP_VERSION}", f"{len(station_items)} stations, {summary['written']} results")
    return {"stations": len(station_items), "activities": len(activities), "results": summary["written"]}


# ---------------------------------------------------------------- the generator


def _seasonal(day: date, peak_day: int) -> float:
    return math.cos(2 * math.pi * (day.timetuple().tm_yday - peak_day) / 365.25)


def _series_values(rng: random.Random, label: str, days: list[date], lat: float, station_bias: float) -> list[float]:
    """Plausible values of one parameter on the given days (seasonal where nature is)."""
    mean_temp = max(2.0, 27 - 0.45 * (lat - 25))
    out = []
    for day in days:
        temp = max(0.0, mean_temp + (4 + 0.25 * abs(lat - 25)) * _seasonal(day, 200) + rng.gauss(0, 1.2))
        if label == "Temperature, water":
            value = round(temp, 1)
        elif label == "Dissolved oxygen (DO)":
            saturation = 14.62 - 0.3898 * temp + 0.006969 * temp ** 2 - 0.00005897 * temp ** 3
            value = round(max(0.5, saturation * (0.85 + 0.1 * station_bias) + rng.gauss(0, 0.5)), 2)
        elif label == "pH":
            value = round(min(9.5, max(5.5, 7.3 + 0.6 * station_bias + 0.2 * _seasonal(day, 190) + rng.gauss(0, 0.15))), 2)
        elif label == "Specific conductance":
            base = 150 + 900 * station_bias
            value = round(max(20.0, base * (1 + 0.35 * _seasonal(day, 40)) * rng.lognormvariate(0, 0.12)))
        elif label == "Nitrate":
            value = round(max(0.01, (0.3 + 4 * station_bias ** 2) * (1 + 0.5 * _seasonal(day, 120))
                              * rng.lognormvariate(0, 0.3)), 3)
        elif label == "Total Phosphorus, mixed forms":
            value = round(max(0.005, (0.02 + 0.3 * station_bias ** 2) * rng.lognormvariate(0, 0.45)), 3)
        else:  # Turbidity
            value = round(max(0.3, (3 + 25 * station_bias) * (1 + 0.6 * max(0.0, _seasonal(day, 100)))
                              * rng.lognormvariate(0, 0.5)), 1)
        out.append(value)
    return out


def generated_stations(organization_id: str, count: int, seed: int = GENERATOR_SEED, *, with_series: bool = True,
                       series_stations: int | None = None):
    """Yield (station fields, [(parameter label, unit, [(day, value)])]) for `count` stations, deterministic
    (without series, the stations alone: benchmarks of a million stations; with `series_stations`, only
    the first that many get series, so a map of 100,000 stations loads in minutes, not hours)."""
    rng = random.Random(seed)
    weights = [k[2] for k in WATER_KINDS]
    for number in range(count):
        place, state, county, lat0, lng0, huc2 = ANCHORS[rng.randrange(len(ANCHORS))]
        water, (kind, location_type, _) = rng.choice(WATER_NAMES), rng.choices(WATER_KINDS, weights)[0]
        lat = round(min(71.0, max(18.0, lat0 + rng.gauss(0, 0.6))), 5)
        lng = round(min(-66.0, max(-170.0, lng0 + rng.gauss(0, 0.8))), 5)
        huc8 = f"{huc2}{rng.randrange(1, 20):02d}{rng.randrange(1, 10):02d}{rng.randrange(1, 30):02d}"
        identifier = f"OWD-{state}-{number + 1:07d}"
        name = (f"{water} {kind} {rng.choice(SITE_WORDS)} {place}, {state}" if kind not in ("Well", "Spring")
                else f"{place} {water} {kind} {number % 97 + 1}, {state}")
        fields = dict(id=stations.station_id_for(organization_id, identifier), organizationId=organization_id,
                      identifier=identifier, name=name, latitude=lat, longitude=lng, stationType=station_type_of(location_type),
                      monitoringLocationType=location_type, huc8=huc8, huc12=huc8 + f"{rng.randrange(1, 9999):04d}",
                      stateFips=county[:2], countyFips=county)
        if not with_series or (series_stations is not None and number >= series_stations):
            yield fields, []
            continue
        # Most stations: quarterly visits over two years; one in fifty: monthly over eight years.
        long_term = rng.random() < 0.02
        months, step = (96, 1) if long_term else (24, 3)
        latest_start = GENERATED_UNTIL - timedelta(days=int(30.4 * months) + 6)
        start = GENERATED_FROM + timedelta(days=rng.randrange((latest_start - GENERATED_FROM).days))
        start = start.replace(day=1)
        visits = [start + timedelta(days=int(30.4 * m + rng.randrange(-5, 6))) for m in range(0, months, step)]
        visits = sorted(v for v in visits if start <= v <= GENERATED_UNTIL)
        chosen = [p for p in PARAMETERS if p[0] in ("Temperature, water", "pH")]
        chosen += rng.sample([p for p in PARAMETERS if p not in chosen], rng.randrange(0, 3) + (2 if long_term else 0))
        bias = rng.random()
        series = []
        for label, unit, *_ in chosen:
            values = _series_values(rng, label, visits, lat, bias)
            series.append((label, unit, list(zip(visits, values))))
        yield fields, series


GENERATE_CHUNK = 5000
PROJECT_LIST_STATIONS = 5000  # the generated project lists its first stations (a list, not a million)


def _written_so_far(name: str) -> int:
    """How many generated stations an earlier run wrote (in order), from its progress record."""
    record = _marker(name)
    return int(record.description) if record is not None and (record.description or "").isdigit() else 0


def _put_values(client, table: str, items: list[dict]) -> None:
    """Sample values in BatchWriteItem requests of 25, retrying what DynamoDB leaves unprocessed."""
    for start in range(0, len(items), 25):
        pending = {table: items[start:start + 25]}
        while pending:
            pending = client.batch_write_item(RequestItems=pending).get("UnprocessedItems") or None


def generate(organization_id: str, count: int = DEFAULT_STATIONS, *, threads: int = 4,
             series_stations: int | None = None, chunk: int = GENERATE_CHUNK, show_progress: bool = False) -> dict:
    """Write `count` generated stations with their values and summaries (skipped when already there);
    with `series_stations`, only the first that many have values.

    Chunks of `chunk` stations are written by `threads` threads through the product's batched writes
    (stations.save_all, samples.save_series, BatchWriteItem of values). Resumable: a progress record
    keeps how many stations are written, in order; a run stopped midway continues after them (the
    generator is deterministic: it regenerates the skipped stations without writing them)."""
    marker = f"generated-{GENERATOR_VERSION}-{count}" + (f"-series-{series_stations}" if series_stations is not None else "")
    if _marker(marker) is not None:
        return {"skipped": True}
    progress_name = f"{marker}-progress"
    done = _written_so_far(progress_name)
    labels = {label: parameters.parameter_id_for(label) for label, *_ in PARAMETERS}
    project = projects.ensure(organization_id, "GEN", "Generated monitoring network",
                              "Deterministic generated stations across the United States with seasonal series.")
    client = aws.client("dynamodb")
    table = SampleValue.Meta.table_name
    bar = None
    if show_progress:
        from tqdm import tqdm

        bar = tqdm(total=count, initial=done, unit=" stations", desc="Generated stations", unit_scale=True,
                   smoothing=0.1, mininterval=1.0)

    def write(stations_chunk: list[Station], series_chunk: list[Series], values: list[dict]) -> int:
        _put_values(client, table, values)
        samples.save_series(series_chunk)
        return stations.save_all(stations_chunk)

    def chunks():
        """(end, stations, series, values) per chunk, after the stations written already."""
        station_items, series_items, values = [], [], []
        for number, (fields, series) in enumerate(generated_stations(organization_id, count,
                                                                       series_stations=series_stations)):
            if number < PROJECT_LIST_STATIONS:
                first_ids.append(fields["id"])
            if number < done:
                continue
            first = last = None
            total = 0
            latest = {}
            for label, unit, points in series:
                key = series_key(fields["id"], labels[label])
                values.extend({"PutRequest": {"Item": {"seriesKey": {"S": key}, "time": {"S": f"{day}T15:00:00Z"},
                                                       "v": {"N": repr(value)}, "u": {"S": unit}, "m": {"S": "Water"}}}}
                              for day, value in points)
                series_items.append(Series(stationId=fields["id"], parameterId=labels[label], organizationId=organization_id,
                                           count=len(points), firstTime=f"{points[0][0]}T15:00:00Z",
                                           lastTime=f"{points[-1][0]}T15:00:00Z", lastValue=points[-1][1], unit=unit,
                                           media=["Water"], updatedAt=utc_now()))
                latest[labels[label]] = {"v": points[-1][1], "u": unit}
                total += len(points)
                first = min(first or str(points[0][0]), str(points[0][0]))
                last = max(last or str(points[-1][0]), str(points[-1][0]))
            station_items.append(Station(**fields, projectIds=[project.id], sampleCount=total, firstDate=first,
                                         lastDate=last, parameterIds=sorted(labels[label] for label, *_ in series),
                                         latestValues=latest or None, media=["Water"] if series else [],
                                         createdAt=utc_now()))
            if len(station_items) == chunk or number == count - 1:
                yield number + 1, station_items, series_items, values
                station_items, series_items, values = [], [], []

    written = 0
    first_ids: list[str] = []
    in_flight: deque = deque()

    def finish_oldest() -> None:
        nonlocal written
        end, size, value_count, future = in_flight.popleft()
        future.result()
        written += value_count
        # Chunks finish in any order; the record only ever covers an unbroken run from the start.
        CatalogItem(id=f"demo#{progress_name}", kind="demoData", label=progress_name, description=str(end),
                    createdAt=utc_now()).save()
        if bar is not None:
            bar.update(size)

    try:
        with ThreadPoolExecutor(threads) as pool:
            for end, station_chunk, series_chunk, values in chunks():
                in_flight.append((end, len(station_chunk), len(values),
                                  pool.submit(write, station_chunk, series_chunk, values)))
                while len(in_flight) > 2 * threads:  # bounded memory: a few chunks generated ahead
                    finish_oldest()
            while in_flight:
                finish_oldest()
    finally:
        if bar is not None:
            bar.close()
    projects.set_lists(projects.get(project.id), station_ids=first_ids)
    _set_marker(marker, f"{count} stations")
    return {"stations": count, "values": written, **({"resumedAfter": done} if done else {})}
