"""A project's import sources: URLs imported on a schedule (data contributors and group administrators)."""
from chalicelib.auth.principal import require_principal
from chalicelib.core.http import Routes, created
from chalicelib.core.messages import localize
from chalicelib.core.openapi import (FLAG, INSTANT, INTEGER, NULLABLE_INSTANT, NULLABLE_TEXT, TEXT, describe,
                                    fields_body)
from chalicelib.imports.routes import CONTRIBUTORS, PROJECT
from chalicelib.projects import service as projects
from chalicelib.sources import service
from chalicelib.sources.models import SCHEDULES

routes = Routes(__name__)
SOURCES = PROJECT + "/import-sources"
SOURCE_FIELDS = {"name": TEXT, "url": TEXT, "format": {"enum": list(service.FORMATS)},
                 "schedule": {"enum": list(SCHEDULES)}, "enabled": FLAG}
# service.public: a source with its schedule and last result (every field, null when it has no value).
SOURCE = {"type": "object", "required": list(service.PUBLIC_FIELDS), "properties": {
    **{name: TEXT for name in ("id", "projectId", "organizationId", "createdBy")}, **SOURCE_FIELDS,
    "nextRunAt": {**NULLABLE_INSTANT, "description": "null while it is not enabled"},
    "failures": {**INTEGER, "description": "failed runs in a row"},
    "lastStatus": {**NULLABLE_TEXT, "description": "queued (until its import ends), then the import's status; "
                                                   "unchanged; failed (the fetch too); null before its first run"},
    "lastMessage": NULLABLE_TEXT, "lastLogId": {**NULLABLE_TEXT, "description": "the import it queued last"},
    **{name: NULLABLE_INSTANT for name in ("lastRunAt", "lastSuccessAt", "updatedAt")}, "createdAt": INSTANT}}


def _project(organizationId, projectId):
    return projects.resolve(organizationId, projectId)


def _in_language(source: dict) -> dict:
    """A source with its last result's message in the language the request asks for."""
    if source.get("lastMessage"):
        source["lastMessage"] = localize(source["lastMessage"], routes.current_request.headers.get("accept-language"))
    return source


@routes.route(SOURCES, auth=CONTRIBUTORS)
@describe(returns={"type": "array", "items": SOURCE})
def list_sources(organizationId, projectId):
    """The project's sources with their schedule and last result."""
    return [_in_language(s) for s in service.list_sources(_project(organizationId, projectId).id)]


@routes.route(SOURCES, methods=["POST"], auth=CONTRIBUTORS)
@describe(status=201, body=fields_body(SOURCE_FIELDS, required=("name", "url", "format", "schedule")), returns=SOURCE)
def create_source(organizationId, projectId):
    """A new source {name, url, format, schedule: hourly|daily|weekly, enabled}; it runs at the next round."""
    project = _project(organizationId, projectId)
    return created(service.create(organizationId, project.id, require_principal().id, routes.json_body()))


@routes.route(SOURCES + "/{sourceId}", methods=["PATCH"], auth=CONTRIBUTORS)
@describe(body=fields_body(SOURCE_FIELDS), returns=SOURCE)
def update_source(organizationId, projectId, sourceId):
    """Change an import source (name, URL, format, schedule, or whether it runs)."""
    project = _project(organizationId, projectId)
    return _in_language(service.update(service.get(project.id, sourceId), routes.json_body()))


@routes.route(SOURCES + "/{sourceId}", methods=["DELETE"], auth=CONTRIBUTORS)
@describe(returns={"type": "object", "required": ["deleted"],
                   "properties": {"deleted": {**TEXT, "description": "the source's id"}}})
def delete_source(organizationId, projectId, sourceId):
    """Delete an import source: it is fetched no more; the values it imported stay."""
    project = _project(organizationId, projectId)
    service.delete(service.get(project.id, sourceId))
    return {"deleted": sourceId}


@routes.route(SOURCES + "/{sourceId}/run", methods=["POST"], auth=CONTRIBUTORS)
@describe(returns=SOURCE)
def run_source(organizationId, projectId, sourceId):
    """Run the source now: its answer fetched and queued as an import (or why not, in lastMessage)."""
    project = _project(organizationId, projectId)
    return _in_language(service.run(service.get(project.id, sourceId), require_principal().id,
                                    read_seconds=service.RUN_NOW_READ_SECONDS,
                                    total_seconds=service.RUN_NOW_TOTAL_SECONDS))
