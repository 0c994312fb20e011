"""Stations: public reads through the collection query language; writes by the owning organization's
data contributors and group administrators (or system administrators)."""
from chalicelib.auth import rules
from chalicelib.auth.scopes import require_write
from chalicelib.core.errors import BadRequest
from chalicelib.core import versions
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import EMPTY, describe
from chalicelib.crud.collection import MAX_BULK
from chalicelib.crud.parser import parse_uuid_param
from chalicelib.crud.routes import describe_create, describe_update, register_collection_routes
from chalicelib.stations import service

routes = Routes(__name__)

register_collection_routes(routes, "/station", service.COLLECTION, auth=rules.public, actions=("list", "get"))


@routes.route("/station", methods=["POST"], auth=rules.signed_in)
@describe_create(service.COLLECTION)
def create_station():
    """Create a station (identifier unique within its organization; latitude -90..90, longitude -180..180)."""
    body = routes.json_body()
    require_write(body.get("organizationId") if isinstance(body, dict) else None)
    return created(service.create(body))


@routes.route("/station/bulk", methods=["POST"], auth=rules.signed_in)
@describe(status=201, body_required=True,
          body={"type": "object", "required": ["bulk"], "properties": {"bulk": {
              "type": "array", "minItems": 1, "maxItems": MAX_BULK, "items": service.COLLECTION.body_schema(creating=True)}}},
          returns=service.COLLECTION.items_schema())
def create_stations():
    """Create up to 25 stations at once ({"bulk": [...]}), all or nothing."""
    body = routes.json_body()
    if not isinstance(body, dict) or not isinstance(body.get("bulk"), list) or not body["bulk"]:
        raise BadRequest('Request body must be {"bulk": [...]} with at least one station.')
    if len(body["bulk"]) > MAX_BULK:
        raise BadRequest(f"Bulk create accepts at most {MAX_BULK} items.")
    stations = []
    for position, item in enumerate(body["bulk"]):
        try:
            values = service.validate(item, creating=True)
        except BadRequest as exc:
            raise BadRequest(f"bulk[{position}]: {exc.message}") from exc
        require_write(values["organizationId"])
        stations.append(service.new_station(values))
    return created(service.create_many(stations))


@routes.route("/station/{id}", methods=["PATCH"], auth=rules.signed_in)
@describe_update(service.COLLECTION)
def update_station(id):
    """Change a station's fields (not its organization or identifier)."""
    station = service.get(parse_uuid_param("id", id))
    require_write(station.organizationId)
    return versions.answer(service.update(station, service.validate(routes.json_body(), creating=False),
                                          expected=routes.expected_versions()))


@routes.route("/station/{id}", methods=["DELETE"], auth=rules.signed_in)
@describe(returns=EMPTY)
def delete_station(id):
    """Delete a station (soft: it leaves every list and the explorer)."""
    station = service.get(parse_uuid_param("id", id))
    require_write(station.organizationId)
    service.delete(station)
    return {}
