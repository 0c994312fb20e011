"""Reference lists: catalog collections (parameter groups, station types, monitoring location types),
built-in data files (activity types, WQX keylists, US counties) and single catalog records."""
from __future__ import annotations

import csv
import io
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from pynamodb.exceptions import PutError

from chalicelib.core.errors import NotFound
from chalicelib.core.models import utc_now
from chalicelib.crud import Collection
from chalicelib.projects.models import derived_id
from chalicelib.reference.models import (MONITORING_LOCATION_TYPE, ORGANIZATION_PARAMETERS, PARAMETER_GROUP,
                                         STATION_TYPE, CatalogItem)

DATA = Path(__file__).resolve().parent.parent / "data"
_FIELDS = ("id", "kind", "key", "label", "description", "createdAt", "updatedAt", "deletedAt")


def _collection(name: str) -> Collection:
    # Deleted items are for administrators' eyes only, as deleted stations and projects are.
    return Collection(CatalogItem, name=name, fields=_FIELDS, writable=("key", "label", "description"),
                      default_sort=(("label", "ASC"),), max_page_size=1000, deleted_for_admins_only=True)


COLLECTIONS = {
    PARAMETER_GROUP: _collection("Parameter group"),
    STATION_TYPE: _collection("Station type"),
    MONITORING_LOCATION_TYPE: _collection("Monitoring location type"),
}


def catalog_id(kind: str, key: str) -> str:
    return derived_id(kind, key)


def shaped(kind: str, item: dict) -> dict:
    """A new catalog item: its kind, and an id derived from its key (or label), so keys are unique."""
    key = item.get("key") if isinstance(item.get("key"), str) else item.get("label")
    if isinstance(key, str) and key.strip():
        item.setdefault("id", catalog_id(kind, key))
    return item


def ensure(kind: str, key: str, label: str, description: str | None = None) -> None:
    item_id = catalog_id(kind, key)
    try:
        CatalogItem.get(item_id)
    except CatalogItem.DoesNotExist:
        CatalogItem(id=item_id, kind=kind, key=key, label=label, description=description,
                    createdAt=utc_now()).save()


def items_of(kind: str) -> list[CatalogItem]:
    return [i for i in CatalogItem.by_kind.query(kind) if not i.deletedAt]


# ---------------------------------------------------------------- organizations' parameter selections


def _organization_parameters_id(organization_id: str) -> str:
    return f"{ORGANIZATION_PARAMETERS}#{organization_id}"


def organization_parameter_ids(organization_id: str) -> list[str]:
    try:
        return list(CatalogItem.get(_organization_parameters_id(organization_id)).parameterIds or [])
    except CatalogItem.DoesNotExist:
        return []


def set_organization_parameter_ids(organization_id: str, parameter_ids: list[str]) -> None:
    CatalogItem(id=_organization_parameters_id(organization_id), kind=ORGANIZATION_PARAMETERS,
                organizationId=organization_id, parameterIds=parameter_ids or None, createdAt=utc_now()).save()


def organization_record(kind: str, organization_id: str) -> dict | None:
    """An organization's single record of a kind (e.g. its import header map), as its details."""
    try:
        item = CatalogItem.get(f"{kind}#{organization_id}")
    except CatalogItem.DoesNotExist:
        return None
    return item.to_dict().get("details") or {}


def organization_record_version(kind: str, organization_id: str) -> tuple[dict | None, str | None]:
    """An organization's record of a kind and its version (when it was saved; None: there is none yet)."""
    try:
        item = CatalogItem.get(f"{kind}#{organization_id}", consistent_read=True)
    except CatalogItem.DoesNotExist:
        return None, None
    return item.to_dict().get("details") or {}, item.updatedAt


def set_organization_record(kind: str, organization_id: str, details: dict, *, over: str | None | bool = False) -> bool:
    """Save the record; with `over` (a version from organization_record_version, None for none yet), only while
    it is still that version: answers whether it was saved."""
    item = CatalogItem(id=f"{kind}#{organization_id}", kind=kind, organizationId=organization_id, details=details,
                       createdAt=utc_now(), updatedAt=utc_now())
    if over is False:
        item.save()
        return True
    try:
        item.save(condition=CatalogItem.id.does_not_exist() if over is None else CatalogItem.updatedAt == over)
    except PutError as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            return False
        raise
    return True


# ---------------------------------------------------------------- built-in data files


@lru_cache(maxsize=None)
def activity_types() -> list[dict]:
    return json.loads((DATA / "activity_types.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def keylists() -> dict[str, Any]:
    return json.loads((DATA / "keylists.json").read_text(encoding="utf-8"))


def keylist(type_key: str) -> list:
    lists = keylists()
    if type_key == "activityTypes":
        return activity_types()
    if type_key not in lists:
        known = ", ".join(sorted([*lists, "activityTypes"]))
        raise NotFound(f"Unknown keylist {type_key!r}. Known keylists: {known}.")
    return lists[type_key]["values"]


@lru_cache(maxsize=1)
def horizontal_datums() -> frozenset[str]:
    """The WQX horizontal datum codes a station's coordinates may name (keylist horizontalDatums)."""
    return frozenset(d["value"] for d in keylists()["horizontalDatums"]["values"])


# The WQX MeasureUnitCodes a station's elevation (VerticalMeasure/MeasureUnitCode) and its drainage areas
# (DrainageAreaMeasure/MeasureUnitCode, ContributingDrainageAreaMeasure/...) are given in; the portal's site files
# write NWIS's "feet" and "sq mi". (Not the result units of the keylist units: no result is an area.)
ELEVATION_UNITS = ("ft", "feet", "m", "meters")
AREA_UNITS = ("sq mi", "acres", "sq km", "ha")


def _loose_unit(text: str) -> str:
    return "".join(text.split()).casefold()


def measure_unit(text: str | None, units: tuple[str, ...]) -> str | None:
    """The unit of `units` the text names, as the list spells it ('Feet', 'SQ MI' and 'sqmi' are feet and sq mi),
    or None when it names none of them."""
    wanted = _loose_unit(text or "")
    return next((unit for unit in units if _loose_unit(unit) == wanted), None) if wanted else None


@lru_cache(maxsize=1)
def counties() -> list[dict]:
    """Every US county with its state, from the addfips package's bundled Census file (2020)."""
    from importlib import resources

    package = resources.files("addfips") / "data"
    states = {row["fips"]: row for row in csv.DictReader(io.StringIO((package / "states.csv").read_text()))}
    rows = csv.DictReader(io.StringIO((package / "counties_2020.csv").read_text()))
    result = []
    for row in rows:
        state = states.get(row["statefp"])
        if state is None:
            continue
        result.append({"id": row["statefp"] + row["countyfp"], "name": row["name"], "countyFips": row["countyfp"],
                       "stateFips": row["statefp"], "stateName": state["name"], "stateCode": state["postal"]})
    return result


@lru_cache(maxsize=1)
def _places() -> tuple[dict[str, str], frozenset[str]]:
    """State FIPS codes by postal code, and every county's 5-digit FIPS code."""
    return {c["stateCode"]: c["stateFips"] for c in counties()}, frozenset(c["id"] for c in counties())


def place_fips(state: str | None, county: str | None) -> dict[str, str]:
    """{stateFips, countyFips} of a place as files give it: the state as FIPS digits or a postal code (WI, the
    WQX 3 layout), the county as its own FIPS digits (25); what cannot be told, or a county that does not
    exist, is left out rather than stored wrong."""
    states, known_counties = _places()
    state, county = (state or "").strip(), (county or "").strip()
    state_fips = state.zfill(2) if state.isdigit() and len(state) <= 2 else states.get(state.upper())
    county_fips = state_fips + county.zfill(3) if state_fips and county.isdigit() and len(county) <= 3 else None
    found = {"stateFips": state_fips, "countyFips": county_fips if county_fips in known_counties else None}
    return {k: v for k, v in found.items() if v}
