"""Reference lists: station types, monitoring location types and parameter groups (collections that
system administrators maintain), WQX keylists, activity types and US counties (built-in data files)."""
from chalicelib.auth import rules
from chalicelib.core.http import Routes
from chalicelib.core.openapi import NUMBER, TEXT, describe
from chalicelib.crud.routes import register_collection_routes
from chalicelib.reference import service
from chalicelib.reference.models import MONITORING_LOCATION_TYPE, PARAMETER_GROUP, STATION_TYPE

routes = Routes(__name__)
# A keylist's value: a WQX value with what it means (units, horizontalDatums), a time zone's offset; or a built-in
# activity type, named by its code.
KEYLIST_ENTRY = {"type": "object", "anyOf": [{"required": ["value"]}, {"required": ["code"]}], "properties": {
    "value": TEXT, "description": TEXT, "offsetHours": {**NUMBER, "description": "a time zone's, from UTC"},
    "code": {**TEXT, "description": "an activity type's"}}}
# service.counties: a US county with its state (Census 2020).
COUNTY = {"type": "object", "required": ["id", "name", "countyFips", "stateFips", "stateName", "stateCode"],
          "properties": {"id": {**TEXT, "description": "the county's 5-digit FIPS code (state and county)"},
                         "name": TEXT, "countyFips": TEXT, "stateFips": TEXT, "stateName": TEXT,
                         "stateCode": {**TEXT, "description": "the state's postal code"}}}
ADMIN = rules.system_roles("system-admin")
AUTH = {"list": rules.public, "get": rules.public, "create": ADMIN, "bulk": ADMIN, "update": ADMIN, "delete": ADMIN}

for base, kind in (("/stationTypes", STATION_TYPE), ("/monitoringLocationTypes", MONITORING_LOCATION_TYPE),
                   ("/parameter/groups", PARAMETER_GROUP)):
    register_collection_routes(routes, base, service.COLLECTIONS[kind], auth=AUTH,
                               authorize=lambda request, kind=kind: {"kind": kind},
                               shape=lambda item, request, kind=kind: service.shaped(kind, item))


@routes.route("/keylist/{typeKey}", auth=rules.public)
@describe(returns={"type": "array", "items": KEYLIST_ENTRY})
def keylist(typeKey):
    """A WQX domain list (units, sampleFractions, media, resultStatus, valueTypes, detectionConditions,
    monitoringLocationTypes, timeZones) or the built-in activityTypes."""
    return service.keylist(typeKey)


@routes.route("/county/county", auth=rules.public)
@describe(query={name: {**TEXT, "description": "one state's counties: its FIPS code, postal code or name"}
                 for name in ("stateFips", "state")}, returns={"type": "array", "items": COUNTY})
def counties():
    """Every US county with its state (?stateFips=.. or ?state=.. narrows to one state)."""
    params = routes.current_request.query_params or {}
    state = (params.get("stateFips") or params.get("state") or "").strip()
    rows = service.counties()
    if state:
        rows = [r for r in rows if state in (r["stateFips"], r["stateCode"], r["stateName"])]
    return rows
