"""Data imports of a project: upload, queue, follow, cancel, history, rejected rows; an organization's
header map. Everything here is for the organization's data contributors and group administrators (and
system administrators)."""
from chalice import Response

from chalicelib.auth import rules
from chalicelib.auth.principal import require_principal
from chalicelib.auth.scopes import require_write
from chalicelib.core.errors import BadRequest
from chalicelib.core.http import Routes, created
from chalicelib.core.messages import language_of, localize
from chalicelib.core.openapi import (CSV, FLAG, INSTANT, INTEGER, NULLABLE_TEXT, TEXT, describe, fields_body,
                                    page_of)
from chalicelib.core.responses import see_other
from chalicelib.crud.routes import describe_list
from chalicelib.core.multipart import parse_form_data
from chalicelib.imports import formats, service
from chalicelib.organizations import service as organizations
from chalicelib.projects import service as projects

routes = Routes(__name__)
CONTRIBUTORS = rules.org_roles(*rules.CONTRIBUTOR)
PROJECT = "/organization/{organizationId}/projects/{projectId}"
MAX_PAGE_SIZE = 1000
PAGE_NUMBER = {"type": "integer", "minimum": 1}


def _project(organizationId, projectId):
    return projects.resolve(organizationId, projectId)


def _page(params: dict) -> tuple[int, int]:
    values = {}
    for name, default in (("page", 1), ("limit", 100)):
        text = params.get(name) or params.get("per_page" if name == "limit" else name)
        if text in (None, ""):
            values[name] = default
        elif not text.isdigit() or int(text) < 1:
            raise BadRequest(f"Invalid {name}. Number expected")
        else:
            values[name] = int(text)
    return values["page"], min(values["limit"], MAX_PAGE_SIZE)


# The JSON body of import-data and import-ts-data (a form instead carries the file and these fields but uploadKey).
_QUEUE_FIELDS = {"uploadKey": TEXT, "format": TEXT, "dryRun": {"type": ["boolean", "string"]}}
QUEUE_BODY = fields_body(_QUEUE_FIELDS, required=("uploadKey",))
DATA_QUEUE_BODY = fields_body({**_QUEUE_FIELDS, "timeZone": {
    **TEXT, "description": "the zone of the file's times that give none (a WQX code such as CST, or an offset such as "
                           "UTC+08:00); without it they are read as UTC"}}, required=("uploadKey",))
# What queueing answers (202): the log a client follows.
QUEUED = {"type": "object", "required": ["logId", "status"], "properties": {
    "logId": {"type": "string", "description": "Follow the import at GET .../queued-import/{logId}."},
    "status": {"type": "string", "enum": ["queued"]}}}

_UPLOAD_KEY = {**TEXT, "description": "names the file: the uploadKey of import-data, import-ts-data and of the parts"}
_EXPIRES = {**INSTANT, "description": "until then the addresses answered may be used (ISO 8601 in UTC)"}
_BYTES = {"type": "integer", "minimum": 1, "description": "bytes"}
_PART_BYTES = {**_BYTES, "description": "bytes of every part but the last (the rest)"}
_MULTIPART = {"uploadKey": _UPLOAD_KEY, "uploadId": {**TEXT, "description": "the multipart upload's id"},
              "partBytes": _PART_BYTES, "partCount": {**INTEGER, "minimum": 1}}
# upload_slot: a presigned S3 POST (send the file as a form: `fields` first, then `file`), or a multipart upload.
UPLOAD_SLOT = {"anyOf": [
    {"type": "object", "required": ["uploadKey", "url", "fields", "expiresAt", "maxBytes"], "properties": {
        "uploadKey": _UPLOAD_KEY, "url": {**TEXT, "format": "uri", "description": "POST the form here"},
        "fields": {"type": "object", "additionalProperties": TEXT, "description": "the form's fields, as they are"},
        "expiresAt": _EXPIRES, "maxBytes": _BYTES}},
    {"type": "object", "required": [*_MULTIPART, "expiresAt", "maxBytes"], "properties": {
        **_MULTIPART, "expiresAt": _EXPIRES, "maxBytes": _BYTES}}]}
_PART = {"partNumber": {**INTEGER, "minimum": 1}, "bytes": _BYTES}
# upload_parts: the parts S3 holds, and where to PUT the next ones (each URL signed for its part's exact length).
UPLOAD_PARTS = {"type": "object", "required": [*_MULTIPART, "done", "parts"], "properties": {
    **_MULTIPART,
    "done": {"type": "array", "items": {"type": "object", "required": list(_PART), "properties": _PART}},
    "parts": {"type": "array", "description": "the next parts to send (a few at a time): none left, complete",
              "items": {"type": "object", "required": [*_PART, "url"], "properties": {
                  **_PART, "url": {**TEXT, "format": "uri", "description": "PUT the part's bytes here"}}}}}}
UPLOAD_COMPLETE = {"type": "object", "required": ["uploadKey", "size"], "properties": {
    "uploadKey": _UPLOAD_KEY, "size": _BYTES}}
# rejected_rows: one problem of a rejected row.
REJECTED_ROW = {"type": "object", "required": ["row", "column", "value", "message"], "properties": {
    "row": {"type": ["integer", "null"], "description": "the file's data row (1: the row after the header); null "
                                                        "when not known"},
    "column": {**NULLABLE_TEXT, "description": "the file's column; null for a problem of the whole row"},
    "value": {**NULLABLE_TEXT, "description": "the cell as the file wrote it"},
    "message": {**TEXT, "description": "in the language Accept-Language asks for"}}}
# An organization's header map: their column -> our field, or the parameter (and unit) of a column of values.
HEADER_MAP = {"type": "object", "additionalProperties": {"anyOf": [
    {**TEXT, "description": "a field of GET /import-fields"},
    {"type": "object", "required": ["parameter"], "additionalProperties": False,
     "properties": {"parameter": TEXT, "unit": TEXT}}]}}
# formats.fields: a field a column may be mapped to.
IMPORT_FIELD = {"type": "object", "required": ["name", "label"], "properties": {"name": TEXT, "label": TEXT}}


@routes.route(PROJECT + "/import-uploads", methods=["POST"], auth=CONTRIBUTORS)
@describe(status=201, body=fields_body({"fileName": TEXT, "contentType": TEXT, "size": {"type": "integer", "minimum": 1},
                                        "format": TEXT, "multipart": FLAG}, required=("fileName",)),
          returns=UPLOAD_SLOT)
def create_upload(organizationId, projectId):
    """A presigned S3 POST for a file to import ({fileName, contentType, size}): {uploadKey, url, fields, expiresAt};
    with multipart: true and a size above one part, a multipart upload: {uploadKey, uploadId, partBytes, partCount}."""
    project = _project(organizationId, projectId)
    return created(service.upload_slot(organizationId, project.id, routes.json_body()))


MULTIPART_BODY = fields_body({"uploadKey": TEXT, "uploadId": TEXT, "size": {"type": "integer", "minimum": 1}},
                             required=("uploadKey", "uploadId", "size"))


@routes.route(PROJECT + "/import-uploads/parts", methods=["POST"], auth=CONTRIBUTORS)
@describe(body=MULTIPART_BODY, returns=UPLOAD_PARTS)
def upload_parts(organizationId, projectId):
    """A multipart upload's parts sent so far ({done}) and presigned PUT URLs of the next ones to send ({parts})."""
    project = _project(organizationId, projectId)
    return service.upload_parts(organizationId, project.id, routes.json_body())


@routes.route(PROJECT + "/import-uploads/complete", methods=["POST"], auth=CONTRIBUTORS)
@describe(body=MULTIPART_BODY, returns=UPLOAD_COMPLETE)
def complete_upload(organizationId, projectId):
    """Join a multipart upload's parts into the file, then imported by its uploadKey."""
    project = _project(organizationId, projectId)
    return service.complete_upload(organizationId, project.id, routes.json_body())


@routes.route(PROJECT + "/import-data", methods=["POST"], auth=CONTRIBUTORS,
              content_types=["application/json", "multipart/form-data"])
@describe(status=202, body=DATA_QUEUE_BODY, returns=QUEUED)
def import_data(organizationId, projectId):
    """Queue an import: a form with a file field (up to 5 MB) or JSON {uploadKey}; optional format, dryRun and
    timeZone."""
    return queue_from_request(organizationId, projectId, routes.current_request)


def queue_from_request(organizationId, projectId, request, kind: service.ImportKind | None = None) -> Response:
    """202 {logId}: the import of the request's file (form) or upload (JSON), run by `kind`'s worker job."""
    project = _project(organizationId, projectId)
    user_id = require_principal().id
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("multipart/form-data"):
        body = request.raw_body or b""
        if len(body) > service.FORM_LIMIT_BYTES + 64 * 1024:
            service.queue_import(organizationId, project.id, user_id, content=body, kind=kind)  # answers 413
        form = parse_form_data(content_type, body)
        upload = form.get("file")
        if upload is None:
            raise BadRequest("The form needs a file field with the file to import.")
        result = service.queue_import(
            organizationId, project.id, user_id, file_name=upload.filename, content=upload.content,
            format=form["format"].text() if "format" in form else None,
            dry_run=form["dryRun"].text() if "dryRun" in form else None,
            time_zone=form["timeZone"].text() if "timeZone" in form else None, kind=kind)
    else:
        body = routes.json_body()
        if not isinstance(body, dict):
            raise BadRequest("Request body must be a JSON object.")
        result = service.queue_import(organizationId, project.id, user_id, upload_key=body.get("uploadKey"),
                                      format=body.get("format"), dry_run=body.get("dryRun"),
                                      time_zone=body.get("timeZone"), kind=kind)
    return Response(body=result, status_code=202, headers={"Content-Type": "application/json"})


@routes.route(PROJECT + "/queued-import/{logId}", auth=CONTRIBUTORS)
@describe(returns=service.HISTORY.item_schema())
def queued_import(organizationId, projectId, logId):
    """An import's status, counts and progress."""
    project = _project(organizationId, projectId)
    return _in_language(service.public(service.get_in_project(organizationId, project.id, logId)))


@routes.route(PROJECT + "/queued-import/{logId}", methods=["DELETE"], auth=CONTRIBUTORS)
@describe(returns=service.HISTORY.item_schema())
def cancel_import(organizationId, projectId, logId):
    """Cancel a queued or running import (409 when it has ended)."""
    project = _project(organizationId, projectId)
    return _in_language(service.cancel(service.get_in_project(organizationId, project.id, logId), require_principal().id))


@routes.route(PROJECT + "/import-history", auth=CONTRIBUTORS)
@describe_list(service.HISTORY)
def import_history(organizationId, projectId):
    """The project's imports, newest first (collection query: page, limit, filter, sort)."""
    project = _project(organizationId, projectId)
    answer = service.history(project.id, routes.current_request.query_params)
    for log in answer["data"] if isinstance(answer, dict) else answer:
        _in_language(log)
    return answer


@routes.route("/organization/{organizationId}/import-history", auth=CONTRIBUTORS)
@describe(returns=service.HISTORY.items_schema())
def organization_import_history(organizationId):
    """The organization's newest imports, of all its projects (?limit, 20 at most; 5 by default)."""
    organizations.get(organizationId)
    params = routes.current_request.query_params or {}
    limit = min(_page(params)[1], 20) if params.get("limit") else 5
    return [_in_language(log) for log in service.organization_history(organizationId, limit)]


@routes.route("/Util/feedbacklog/{logId}", auth=rules.signed_in)
@describe(query={"page": PAGE_NUMBER, "limit": {**PAGE_NUMBER, "description": f"rows a page; at most {MAX_PAGE_SIZE}"}},
          returns=page_of(REJECTED_ROW))
def feedback_log(logId):
    """An import's rejected rows as [{row, column, value, message}], a page at a time (?page&limit)."""
    log = service.get(logId)
    require_write(log.organizationId)
    page, limit = _page(routes.current_request.query_params or {})
    answer = service.rejected_rows(log, page, limit)
    for row in answer["data"]:
        _in_language(row)
    return answer


def _in_language(item: dict) -> dict:
    """An import's log or rejected row with its message in the language the request asks for."""
    if item.get("message"):
        item["message"] = localize(item["message"], routes.current_request.headers.get("accept-language"))
    return item


@routes.route("/Util/feedback/{fileId}", auth=rules.signed_in)
@describe(status=(200, 303), produces=(CSV,), query={"lang": {
    "type": "string", "description": "the language of the message column, for a plain link (en or zh-CN); it "
                                     "overrides Accept-Language, which is followed otherwise"}})
def feedback_file(fileId):
    """The rejected rows as CSV (the file's columns plus message); large files by a redirect to S3.

    UTF-8 with a byte-order mark (so Excel reads it as UTF-8; a fixed file imports again as it is). The message
    column comes in the language asked for by ?lang= or else Accept-Language (English when it has no translation).
    """
    log = service.get(fileId)
    require_write(log.organizationId)
    request = routes.current_request
    asked = (request.query_params or {}).get("lang") or request.headers.get("accept-language")
    text, url = service.feedback_file(log, language_of(asked))
    if url is not None:
        return see_other(url)
    return Response(body=text, status_code=200, headers={
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": f'attachment; filename="{service.feedback_name(log)}"'})


@routes.route("/organization/{organizationId}/header-map", auth=CONTRIBUTORS)
@describe(returns=HEADER_MAP)
def get_header_map(organizationId):
    """The organization's column mapping applied to its imports: {"their column": "our field"}."""
    organizations.get(organizationId)
    return service.header_map(organizationId)


@routes.route("/organization/{organizationId}/header-map", methods=["PUT"], auth=CONTRIBUTORS)
@describe(returns=HEADER_MAP)
def put_header_map(organizationId):
    """Replace the organization's column mapping (a field name, or {"parameter", "unit"} for a value column)."""
    organizations.get(organizationId)
    return service.set_header_map(organizationId, routes.json_body())


@routes.route("/organization/{organizationId}/header-map", methods=["PATCH"], auth=CONTRIBUTORS)
@describe(returns=HEADER_MAP)
def patch_header_map(organizationId):
    """Change some columns of the mapping ({"their column": "our field" or {"parameter", "unit"}, or null to take
    it out}); another person's change to other columns made meanwhile is kept."""
    organizations.get(organizationId)
    return service.change_header_map(organizationId, routes.json_body())


@routes.route("/import-template", auth=rules.signed_in)
@describe(produces=(CSV,))
def import_template():
    """The Open Water Data template: every column it takes and two example rows, as CSV to fill in."""
    return Response(body="\ufeff" + formats.template_file(), status_code=200, headers={
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="open-water-data-template.csv"'})


@routes.route("/import-fields", auth=rules.signed_in)
@describe(returns={"type": "array", "items": IMPORT_FIELD})
def import_fields():
    """The product's fields a header-map column may be mapped to ({name, label}), in the order imports list them."""
    return formats.fields()
