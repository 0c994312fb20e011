"""Projects: the public list, their stations, parameters and activities; writes by the organization's
data contributors and group administrators (or system administrators)."""
from chalicelib.auth import rules
from chalicelib.auth.scopes import require_write
from chalicelib.core.errors import BadRequest, NotFound
from chalicelib.core import versions
from chalicelib.core.http import Routes, created
from chalicelib.core.openapi import EMPTY, ID_LIST_OR_CHANGE, INTEGER, NULLABLE_TEXT, TEXT, describe
from chalicelib.crud.collection import model_schema
from chalicelib.crud.parser import parse_uuid_param
from chalicelib.crud.routes import describe_create, describe_update, register_collection_routes
from chalicelib.parameters import service as parameters
from chalicelib.projects import service
from chalicelib.projects.models import Activity
from chalicelib.samples.models import VALUE
from chalicelib.stations import service as stations

routes = Routes(__name__)


def _multi(request) -> dict[str, list[str]]:
    """Every value of every query parameter (?a=1&a=2 -> {"a": ["1", "2"]})."""
    params = request.query_params
    return {name: params.getlist(name) for name in params} if params else {}
CONTRIBUTORS = rules.org_roles(*rules.CONTRIBUTOR)
# service.ids_by_organizations: a named project.
PROJECT_NAME = {"type": "object", "required": ["id", "name", "organizationId"],
                "properties": {"id": TEXT, "name": TEXT, "organizationId": TEXT}}
# An activity as stored (Activity.to_dict, without its place in the start order).
ACTIVITY = model_schema(Activity, [name for name in Activity.get_attributes() if name != "startKey"],
                        required=("projectId", "id", "organizationId", "createdAt"))
# service.activities: a page of them (its size as asked: pageSize).
ACTIVITY_PAGE = {"type": "object", "required": ["data", "total", "page", "pageSize", "pageCount"], "properties": {
    "data": {"type": "array", "items": ACTIVITY}, "total": INTEGER, "page": INTEGER, "pageSize": INTEGER,
    "pageCount": {**INTEGER, "minimum": 1}}}
_VALUE_FIELDS = {name: schema for name, schema in VALUE["properties"].items() if name != "dateOnly"}
# service.activity: a value it measured, its parameter named, its time as the file wrote it.
_RESULT = {"type": "object", "required": [*VALUE["required"], "parameterId", "parameterName", "date", "localTime",
                                          "timeZone"], "properties": {
    **_VALUE_FIELDS, "parameterId": TEXT, "parameterName": {**TEXT, "description": "its label (its id when gone)"},
    "date": {**TEXT, "description": "YYYY-MM-DD in the zone the file gave"},
    "localTime": {**NULLABLE_TEXT, "description": "hh:mm:ss in that zone; null for a date without a time"},
    "timeZone": {**NULLABLE_TEXT, "description": "the zone the file gave (UTC when it gave none); null for a date "
                                                 "without a time"}}}
ACTIVITY_DETAIL = {**ACTIVITY, "required": [*ACTIVITY["required"], "results"], "properties": {
    **ACTIVITY["properties"], "results": {"type": "array", "items": _RESULT}}}

register_collection_routes(routes, "/project", service.COLLECTION, auth=rules.public, actions=("list", "get"))


@routes.route("/project", methods=["POST"], auth=rules.signed_in)
@describe_create(service.COLLECTION)
def create_project():
    """Create a project ({organizationId, projectKey, name, description}) of an organization the caller contributes to."""
    body = routes.json_body()
    require_write(body.get("organizationId") if isinstance(body, dict) else None)
    return created(service.create(body))


@routes.route("/project/{id}", methods=["PATCH"], auth=rules.signed_in)
@describe_update(service.COLLECTION)
def update_project(id):
    """Change a project's name or description."""
    project = service.get(parse_uuid_param("id", id))
    require_write(project.organizationId)
    return versions.answer(service.update(project, routes.json_body(), expected=routes.expected_versions()))


@routes.route("/project/{id}", methods=["DELETE"], auth=rules.signed_in)
@describe(returns=EMPTY)
def delete_project(id):
    """Delete a project."""
    project = service.get(parse_uuid_param("id", id))
    require_write(project.organizationId)
    service.delete(project)
    return {}


@routes.route("/project/getIdsByOrganizationIds", auth=rules.public)
@describe(query={name: {"type": "array", "items": TEXT, "description": "organization ids (repeat, or join with commas)"}
                 for name in ("organizationId", "organizationIds")},
          returns={"type": "array", "items": PROJECT_NAME})
def project_ids_by_organizations():
    """{id, name} of the named projects of the given organizations (?organizationId=a&organizationId=b); all without."""
    params = _multi(routes.current_request)
    ids = [part for value in params.get("organizationId", []) + params.get("organizationIds", [])
           for part in value.split(",") if part]
    return service.ids_by_organizations(ids)


def _project(organizationId, projectId):
    return service.resolve(organizationId, projectId)


@routes.route("/organization/{organizationId}/projects/{projectId}/stations", auth=rules.public)
@describe(returns=stations.COLLECTION.items_schema())
def project_stations(organizationId, projectId):
    """The stations of a project."""
    project = _project(organizationId, projectId)
    found = stations.existing(project.stationIds or [])
    return [stations.public(found[i]) for i in project.stationIds or [] if i in found]


@routes.route("/organization/{organizationId}/projects/{projectId}/stations", methods=["PUT"], auth=CONTRIBUTORS)
@describe(body=ID_LIST_OR_CHANGE, returns=stations.COLLECTION.items_schema())
def set_project_stations(organizationId, projectId):
    """Replace a project's stations (body: a list of station ids, stations of the same organization), or change
    them ({"add": [...], "remove": [...]}: another change made meanwhile is kept)."""
    project = _project(organizationId, projectId)
    body = routes.json_body()
    change = service.list_change(body, "station")
    if change is not None:
        stations.require_in_organization(change[0], organizationId)
        old, ids = service.change_list(project, "stationIds", *change)
    else:
        ids = service.id_list(body, "station")
        stations.require_in_organization(ids, organizationId)
        old = list(project.stationIds or [])
        service.set_lists(project, station_ids=ids)
    stations.set_project_membership(project.id, organizationId, ids, old)
    if not service.still_there(project):  # deleted while its stations were told: they leave it again
        stations.leave_project(project.id, organizationId, ids)
        raise NotFound(service.NOT_FOUND)
    return project_stations(organizationId, project.id)


@routes.route("/organization/{organizationId}/projects/{projectId}/parameters", auth=rules.public)
@describe(returns=parameters.COLLECTION.items_schema())
def project_parameters(organizationId, projectId):
    """The parameters of a project."""
    project = _project(organizationId, projectId)
    found = parameters.existing(project.parameterIds or [])
    return [parameters.with_name(found[i].to_dict()) for i in project.parameterIds or [] if i in found]


@routes.route("/organization/{organizationId}/projects/{projectId}/parameters", methods=["PUT"], auth=CONTRIBUTORS)
@describe(body=ID_LIST_OR_CHANGE, returns=parameters.COLLECTION.items_schema())
def set_project_parameters(organizationId, projectId):
    """Replace a project's parameters (body: a list of parameter ids), or change them ({"add": [...], "remove":
    [...]}: another change made meanwhile is kept)."""
    project = _project(organizationId, projectId)
    body = routes.json_body()
    change = service.list_change(body, "parameter")
    if change is not None:
        parameters.require_existing(change[0])
        service.change_list(project, "parameterIds", *change)
    else:
        ids = service.id_list(body, "parameter")
        parameters.require_existing(ids)
        service.set_lists(project, parameter_ids=ids)
    return project_parameters(organizationId, project.id)


def _positive(params: dict, name: str, default: int, maximum: int | None = None) -> int:
    value = params.get(name)
    if value is None or value == "":
        return default
    if not value.isdigit() or int(value) < 1:
        raise BadRequest(f"Invalid {name}. Number expected")
    return min(int(value), maximum) if maximum else int(value)


@routes.route("/organization/{organizationId}/projects/{projectId}/activities", auth=rules.public)
@describe(query={"page": {**INTEGER, "minimum": 1},
                 "pageSize": {**INTEGER, "minimum": 1, "description": f"20 unless given; at most "
                                                                     f"{service.ACTIVITY_PAGE_SIZE_MAX}"},
                 "order": {"enum": ["ASC", "DESC", "asc", "desc"], "description": "by start; DESC unless given"},
                 "searchContent": {**TEXT, "description": "text in an activity's id, type, media, location, comment "
                                                          "or start date"}},
          returns=ACTIVITY_PAGE)
def project_activities(organizationId, projectId):
    """A page of a project's activities (?page&pageSize&order=ASC|DESC&searchContent); projectId or projectKey."""
    project = _project(organizationId, projectId)
    params = routes.current_request.query_params or {}
    order = (params.get("order") or "DESC").upper()
    if order not in ("ASC", "DESC"):
        raise BadRequest("Invalid sort order. ASC,DESC expected")
    return service.activities(project, page=_positive(params, "page", 1),
                              page_size=_positive(params, "pageSize", 20, service.ACTIVITY_PAGE_SIZE_MAX),
                              order=order, search=(params.get("searchContent") or "").strip() or None)


@routes.route("/organization/{organizationId}/projects/{projectId}/activities/{activityId}", auth=rules.public)
@describe(returns=ACTIVITY_DETAIL)
def project_activity(organizationId, projectId, activityId):
    """One activity of a project with its results (the values it measured); projectId or projectKey."""
    return service.activity(_project(organizationId, projectId), activityId)
