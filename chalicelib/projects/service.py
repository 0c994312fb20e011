"""Projects of an organization, their stations, parameters and activities (no HTTP in here)."""
from __future__ import annotations

from typing import Any, Iterable
from urllib.parse import unquote

from pynamodb.exceptions import DeleteError, PutError, TransactWriteError, UpdateError
from pynamodb.transactions import TransactWrite

from chalicelib.audit import service as audit
from chalicelib.crud import Collection
from chalicelib.crud import migrations
from chalicelib.crud import service as crud
from chalicelib.core import aws, batches, versions
from chalicelib.core.errors import UNKNOWN_FIELD, BadRequest, Conflict, NotFound
from chalicelib.core.models import get_live, utc_now
from chalicelib.core.names import checked_name, first_control_character, name_key, tidy
from chalicelib.core.uniques import UniqueClaim, claim_key, was_conflict
from chalicelib.projects.models import Activity, Project, derived_id, start_key

FIELDS = ("id", "projectId", "organizationId", "projectKey", "name", "description", "createdAt", "updatedAt",
          "deletedAt")
COLLECTION = Collection(Project, name="Project", fields=FIELDS,
                        writable=("organizationId", "projectKey", "name", "description"), required=("organizationId", "name"),
                        default_sort=(("name", "ASC"),), max_page_size=1000, deleted_for_admins_only=True)
ACTIVITY_PAGE_SIZE_MAX = 500
NOT_FOUND = "Project not found."


def search(query_params: Any) -> list | dict:
    return crud.search(COLLECTION, query_params)


def get(project_id: str) -> Project:
    return get_live(Project, project_id, NOT_FOUND)


def resolve(organization_id: str, id_or_key: str) -> Project:
    """A project of the organization by its id, or by its project key. The key may come percent-encoded, as a
    browser writes it in an address (encodeURIComponent: "RTWQN%202017-2019"), or decoded, as API Gateway may pass
    it on: a key holds no % (`checked_key`), so a % in the address's segment is its encoding. The text as it came
    is tried first (a key stored before that rule may hold a %)."""
    spellings = list(dict.fromkeys((id_or_key, unquote(id_or_key))))
    for spelling in spellings:
        for candidate in (spelling, derived_id(organization_id, "project", spelling)):
            try:
                project = get(candidate)
            except NotFound:
                continue
            if project.organizationId == organization_id:
                return project
    project = _live_with_key(organization_id, *spellings)
    if project is None:
        raise NotFound(NOT_FOUND)
    return project


def live_by_id() -> dict[str, Project]:
    """Every live project by id (a deleted one is named by no answer: its values stay, with no project)."""
    return {p.id: p for p in COLLECTION.model.scan() if not p.deletedAt}


def _live_with_key(organization_id: str, *keys: str) -> Project | None:
    """The organization's live project of this key (keys compare as their ids do, ignoring case) when its id is not
    the key's own: a project made after a deleted one of the same key (see `create`). Of several keys: the
    project of any of them."""
    wanted = {key.strip().casefold() for key in keys}
    return next((p for p in Project.by_organization.query(organization_id)
                 if not p.deletedAt and (p.projectKey or "").strip().casefold() in wanted), None)


def _new_id(organization_id: str, key: str) -> str:
    """The id of a new project of this key: the key's own, unless a deleted project holds it. That project's data
    (its time series, the stations that list it) still name its id, so a new project of the same key must not
    take it over: it gets an id of its own."""
    project_id = derived_id(organization_id, "project", key)
    try:
        holder = Project.get(project_id)
    except Project.DoesNotExist:
        return project_id
    if not holder.deletedAt or _live_with_key(organization_id, key) is not None:
        raise Conflict(f"A project with the key {key!r} already exists in this organization.")
    return derived_id(organization_id, "project", key, utc_now())


def public(project: Project) -> dict:
    return {k: v for k, v in project.to_dict().items() if k in FIELDS}


def _text(data: dict, name: str, required: bool, limit: int) -> str | None:
    value = data.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise BadRequest(f"{name} is required." if value is None or required else f"Invalid {name}. String expected")
    if len(value) > limit:
        raise BadRequest(f"{name} must be at most {limit} characters.")
    return value.strip()


# A project's key addresses it in a path segment (organization/{id}/projects/{key}/...), the way a Water Quality
# Portal file's ProjectIdentifier names it (WI_LAKES, CEDEN-2019, USGS.NAWQA, RTWQN 2017-2019). So it holds no
# character that ends or escapes a segment (/ and \, which some clients read as /; ? and #, which end the path;
# %, which starts an escape), no control character (core/names: it is one line, as a name is), is not . or ..
# (which an address resolves as "this folder" and "the folder up"), and is trimmed. Spaces, dots and any letters
# stay: they round-trip percent-encoded.
KEY_LIMIT = 100
KEY_REFUSED = "/?#%\\"
KEY_CHARACTERS = "Project key must not contain /, ?, #, % or \\."
KEY_CONTROL_CHARACTER = "Project key holds a control character ({character}), such as a tab or a line break: remove it."
KEY_DOTS = "Project key cannot be just . or .. (web addresses skip those)."


def checked_key(value: str) -> str:
    """The project key as it is stored (trimmed), or a 400 that says what is wrong with it."""
    key = value.strip()
    character = first_control_character(key)
    if character:
        raise BadRequest(KEY_CONTROL_CHARACTER.format(character=character))
    if any(c in KEY_REFUSED for c in key):
        raise BadRequest(KEY_CHARACTERS)
    if key in (".", ".."):
        raise BadRequest(KEY_DOTS)
    return key


def key_of_name(name: str) -> str:
    """The key of a project created without one: its name (a stored name, tidied: one line, trimmed), each
    character a key may not hold a hyphen ("Lakes/Rivers" is Lakes-Rivers), so that a name may hold any."""
    key = "".join("-" if c in KEY_REFUSED else c for c in name)
    return "-" * len(key) if key in (".", "..") else key


NAME_NOT_ONE_LINE = "Project name must be one line of text, without tabs or line breaks."
NAME_LIMIT = 300
NAME_TOO_LONG = f"Project name must be at most {NAME_LIMIT} characters."


def _name(data: dict) -> str:
    """The project's name as it is stored (core/names: one line, tidied), or a 400 that says what is wrong."""
    value = data.get("name")
    if not isinstance(value, str):
        raise BadRequest("name is required.")
    name = checked_name(value, NAME_NOT_ONE_LINE)
    if not name:
        raise BadRequest("name is required.")
    if len(name) > NAME_LIMIT:
        raise BadRequest(NAME_TOO_LONG)
    return name


def create(data: dict) -> dict:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    unknown = sorted(set(data) - set(COLLECTION.writable_fields))
    if unknown:
        raise BadRequest(f"Unknown field {unknown[0]}")
    organization_id = _text(data, "organizationId", True, 100)
    name = _name(data)
    given = _text(data, "projectKey", False, KEY_LIMIT)
    key = (checked_key(given) if given else None) or key_of_name(name)
    _require_unique_name(organization_id, name)
    project_id = _new_id(organization_id, key)
    project = Project(id=project_id, projectId=project_id, organizationId=organization_id, projectKey=key,
                      name=name, description=_text(data, "description", False, 10_000), createdAt=utc_now())
    _release_stale_claim(organization_id, name)
    try:  # the name's claim with the project: two made at the same moment cannot share a name (or a key)
        with TransactWrite(connection=Project._get_connection().connection) as transaction:
            transaction.save(_name_claim(organization_id, name, project_id), condition=UniqueClaim.key.does_not_exist())
            transaction.save(project, condition=Project.id.does_not_exist())
    except TransactWriteError as exc:
        if _claim_holder(organization_id, name) not in (None, project_id):
            raise Conflict(NAME_TAKEN.format(name=repr(name))) from exc
        if was_conflict(exc):
            raise Conflict(f"A project with the key {key!r} already exists in this organization.") from exc
        raise
    return public(project)


def update(project: Project, data: Any, expected: tuple[str, ...] | None = None) -> dict:
    if isinstance(data, dict):
        # A project stays in its organization, and keeps the key its files and its id are made of.
        for name in ("organizationId", "projectKey"):
            if name in data and data[name] != getattr(project, name):
                raise BadRequest(f"Field {name} cannot be changed.")
        if "name" in data:
            data = {**data, "name": _name(data)}  # stored tidied, as a new project's name is
        if "description" in data:
            _text(data, "description", False, 10_000)
        if "name" in data and name_key(data["name"]) != name_key(project.name):
            return _rename(project, data, expected)
    return crud.update_item(COLLECTION, project.id, data, expected=expected)


RENAME_ATTEMPTS = 3


def _rename(project: Project, data: dict, expected: tuple[str, ...] | None) -> dict:
    """A new name, claimed in one transaction with the project's change: a project holds a claim only while it has
    the name (two renamed to one name at the same moment cannot both keep it; see `_release_stale_claim`). The old
    name's claim is let go after. Tried again when the project changed between its read and the write."""
    values = COLLECTION.check_writable(data, allow_keys=True)
    for _attempt in range(RENAME_ATTEMPTS):
        versions.require(project, expected, "project")
        new_name = values["name"]
        if name_key(new_name) == name_key(project.name):  # renamed to this name meanwhile
            return crud.update_item(COLLECTION, project.id, data, expected=expected)
        organization_id = project.organizationId
        _require_unique_name(organization_id, new_name, project.id)
        _release_stale_claim(organization_id, new_name)
        changes = {k: v for k, v in values.items() if k in ("name", "description")}
        changes["updatedAt"] = utc_now()
        actions = [getattr(Project, k).set(v) if v is not None else getattr(Project, k).remove()
                   for k, v in changes.items()]
        # As read: not deleted, and still of the name whose claim is let go after.
        condition = (Project.id.exists() & Project.deletedAt.does_not_exist() & (Project.name == project.name))
        if expected is not None:
            condition &= versions.condition(Project, expected)
        try:
            with TransactWrite(connection=Project._get_connection().connection) as transaction:
                transaction.save(_name_claim(organization_id, new_name, project.id),
                                 condition=UniqueClaim.key.does_not_exist() | (UniqueClaim.targetId == project.id))
                transaction.update(project, actions=actions, condition=condition)
        except TransactWriteError as exc:
            if not _cancelled(exc):
                raise
            # What refused it is read, not taken from the cancellation reasons (moto lists them out of order).
            if _claim_holder(organization_id, new_name) not in (None, project.id):
                raise Conflict(NAME_TAKEN.format(name=repr(new_name))) from exc
            try:
                project = Project.get(project.id, consistent_read=True)
            except Project.DoesNotExist:
                raise NotFound(NOT_FOUND) from exc
            if project.deletedAt:
                raise NotFound(NOT_FOUND) from exc
            continue  # changed meanwhile (another rename, another version): look again
        _release_name(organization_id, project.name, project.id)
        for attribute, value in changes.items():
            setattr(project, attribute, value)
        return public(project)
    raise Conflict(RENAME_BUSY)


RENAME_BUSY = "The project kept changing while it was renamed. Try again."
NAME_TAKEN = "A project named {name} already exists in this organization: choose another name."
PROJECT_NAME = "project-name"


def _claim_key(organization_id: str, name: str) -> str:
    """The key of a project name's claim: the name's key (core/names), within its organization."""
    return claim_key(PROJECT_NAME, organization_id, name_key(name))


def _name_claim(organization_id: str, name: str, project_id: str) -> UniqueClaim:
    """The claim that holds a project name (in any letters) within its organization for one project."""
    return UniqueClaim(key=_claim_key(organization_id, name), ownerId=organization_id, targetId=project_id)


def _claim_holder(organization_id: str, name: str) -> str | None:
    try:
        return UniqueClaim.get(_claim_key(organization_id, name), consistent_read=True).targetId
    except UniqueClaim.DoesNotExist:
        return None


STALE_CLAIM_LOOKS = 3


def _release_stale_claim(organization_id: str, name: str) -> None:
    """A claim whose project no longer has the name (deleted, or renamed by a rename that stopped before letting
    its old name go) is let go. A project holds a claim from the moment it has the name: it is made, and renamed,
    in one transaction with its claim. The claim goes only while its project is still as it was read (same name,
    or still deleted or missing), so a project renamed back to the name meanwhile keeps it."""
    for _look in range(STALE_CLAIM_LOOKS):
        holder = _claim_holder(organization_id, name)
        if holder is None:
            return
        try:
            project = Project.get(holder, consistent_read=True)
        except Project.DoesNotExist:
            project = None
        if project is not None and not project.deletedAt and name_key(project.name) == name_key(name):
            return  # held, rightly
        if project is None:
            as_read = Project.id.does_not_exist()
        elif project.deletedAt:
            as_read = Project.deletedAt.exists()
        else:
            as_read = Project.name == project.name
        try:
            with TransactWrite(connection=Project._get_connection().connection) as transaction:
                transaction.delete(_name_claim(organization_id, name, holder), condition=UniqueClaim.targetId == holder)
                transaction.condition_check(Project, holder, condition=as_read)
        except TransactWriteError as exc:
            if not _cancelled(exc):
                raise
            continue  # taken by another, or its project changed meanwhile: look again
        return


def _cancelled(error: TransactWriteError) -> bool:
    """Whether a transaction was cancelled (a condition failed, or another transaction held an item), not refused
    for what it asked."""
    return getattr(error, "cause_response_code", None) == "TransactionCanceledException"


def _release_name(organization_id: str, name: str, project_id: str) -> None:
    try:
        _name_claim(organization_id, name, project_id).delete(condition=UniqueClaim.targetId == project_id)
    except DeleteError as exc:
        if getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
            raise


def _require_unique_name(organization_id: str, name: str, project_id: str | None = None) -> None:
    """Two projects of one name in an organization could not be told apart in its lists and menus (a walk made
    one: the key, made from the name, differed from the other's own key)."""
    wanted = name_key(name)
    for other in Project.by_organization.query(organization_id):
        if other.id != project_id and not other.deletedAt and name_key(other.name) == wanted:
            raise Conflict(NAME_TAKEN.format(name=repr(name)))


def delete(project: Project) -> None:
    from chalicelib.imports import service as imports
    from chalicelib.stations import service as stations

    crud.delete_item(COLLECTION, project.id)
    _release_name(project.organizationId, project.name, project.id)
    imports.stop_imports_of(project.id)  # an import writing into it stops (walk: it wrote 15,000 rows on)
    # Its stations no longer name it (a walk: a station's page listed the deleted project by its bare id).
    stations.leave_project(project.id, project.organizationId, project.stationIds or [])
    audit.record("delete", "project", project.id, before={"name": project.name}, organization_id=project.organizationId)


def ensure(organization_id: str, key: str, name: str, description: str | None = None) -> Project:
    """The project with this key, created when missing (the demo's Water Quality Portal files; idempotent). The key
    as a file gives it (a ProjectIdentifier): trimmed, and refused (400) as `create` refuses it (`checked_key`,
    KEY_LIMIT), so that no project is made that its address cannot reach."""
    key = checked_key(_text({"projectKey": key}, "projectKey", True, KEY_LIMIT) or "")
    try:
        project = Project.get(derived_id(organization_id, "project", key))
        if not project.deletedAt:
            return project
    except Project.DoesNotExist:
        pass
    live = _live_with_key(organization_id, key)
    if live is not None:
        return live
    project_id = _new_id(organization_id, key)
    project = Project(id=project_id, projectId=project_id, organizationId=organization_id, projectKey=key,
                      name=tidy(name or key) or key, description=description or None, createdAt=utc_now())
    project.save()
    return project


def ids_by_organizations(organization_ids: list[str]) -> list[dict]:
    """{id, name} of the named projects of these organizations (all organizations when none given)."""
    if organization_ids:
        projects = [p for org in dict.fromkeys(organization_ids) for p in Project.by_organization.query(org)]
    else:
        projects = list(Project.scan())
    named = [p for p in projects if p.name and not p.deletedAt]
    return [{"id": p.id, "name": p.name, "organizationId": p.organizationId}
            for p in sorted(named, key=lambda p: p.name.casefold())]


def id_list(value: Any, what: str) -> list[str]:
    """A JSON list of ids ([...] of strings or of objects with an id), de-duplicated in order."""
    if isinstance(value, dict):
        for key in ("ids", f"{what}Ids", "data"):
            if key in value:
                value = value[key]
                break
    if not isinstance(value, list):
        raise BadRequest(f"Invalid {what}Ids. Array of ids expected")
    ids = []
    for entry in value:
        entry = entry.get("id") if isinstance(entry, dict) else entry
        if not isinstance(entry, str) or not entry:
            raise BadRequest(f"Invalid {what}Ids. Array of ids expected")
        ids.append(entry)
    return list(dict.fromkeys(ids))


def list_change(value: Any, what: str) -> tuple[list[str], list[str]] | None:
    """The ids to add and to take out of a project's list ({"add": [...], "remove": [...]}), or None when the body is
    the whole list. A change, not the list: two people changing the list at once both keep their changes."""
    if not isinstance(value, dict) or not ({"add", "remove"} & set(value)):
        return None
    unknown = sorted(set(value) - {"add", "remove"})
    if unknown:
        raise BadRequest(UNKNOWN_FIELD.format(name=repr(unknown[0]), fields="add, remove"))
    return id_list(value.get("add", []), what), id_list(value.get("remove", []), what)


def change_list(project: Project, attribute: str, add: list[str], remove: list[str]) -> tuple[list[str], list[str]]:
    """Apply a change to the project's stationIds or parameterIds on the list as it is stored now (read again and
    tried again when another change came first): (the list before, the list after)."""
    taken_out = set(remove)
    for _attempt in range(5):
        before = list(getattr(project, attribute) or [])
        after = [i for i in before if i not in taken_out] + [i for i in add if i not in before and i not in taken_out]
        version = project.updatedAt
        unchanged = Project.updatedAt == version if version else Project.updatedAt.does_not_exist()
        try:
            project.update(actions=[getattr(Project, attribute).set(after), Project.updatedAt.set(utc_now())],
                           condition=unchanged & Project.deletedAt.does_not_exist())
            return before, after
        except UpdateError as exc:
            if getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
                raise
            project.refresh(consistent_read=True)
            if project.deletedAt:
                raise NotFound(NOT_FOUND) from exc
    raise Conflict(LIST_BUSY)


def still_there(project: Project) -> bool:
    """Whether the project is not deleted, as stored now (a deletion may have come during a change to it)."""
    try:
        return not Project.get(project.id, consistent_read=True).deletedAt
    except Project.DoesNotExist:
        return False


LIST_BUSY = "The project's list kept changing while this change was saved. Try again."


def set_lists(project: Project, *, station_ids: list[str] | None = None,
              parameter_ids: list[str] | None = None) -> Project:
    actions = [Project.updatedAt.set(utc_now())]
    if station_ids is not None:
        actions.append(Project.stationIds.set(station_ids))
    if parameter_ids is not None:
        actions.append(Project.parameterIds.set(parameter_ids))
    try:
        project.update(actions=actions, condition=Project.deletedAt.does_not_exist())
    except UpdateError as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            raise NotFound(NOT_FOUND) from exc
        raise
    return project


# ---------------------------------------------------------------- activities


def save_activities(activities: Iterable[Activity]) -> int:
    count = 0
    with Activity.batch_write() as batch:
        for activity in activities:
            batch.save(activity)
            count += 1
    return count


ACTIVITY_NOT_FOUND = "Activity not found."


def activity(project: Project, activity_id: str) -> dict:
    """One activity of a project with the values it measured (parameter named, by parameter and time)."""
    from chalicelib.parameters import service as parameters
    from chalicelib.samples import service as samples

    try:
        found = Activity.get(project.id, activity_id)
    except Activity.DoesNotExist:
        raise NotFound(ACTIVITY_NOT_FOUND) from None
    results = samples.activity_values(found.stationId, found.id, project.id, found.startDate) if found.stationId else []
    from chalicelib.samples.download import LocalTimes

    names = {p.id: p.label for p in parameters.existing(r["parameterId"] for r in results).values()}
    local_time = LocalTimes()
    for result in results:
        result["parameterName"] = names.get(result["parameterId"]) or result["parameterId"]
        # As the file wrote it (time is the instant, in UTC): the date, time of day and zone.
        result["date"], result["localTime"], result["timeZone"] = local_time(
            result["time"], result.get("timeZone"), result.pop("dateOnly"))
    results.sort(key=lambda r: (r["parameterName"].casefold(), r["time"]))
    return {**found.to_dict(), "results": results}


START_KEYS_DONE = "migration#activities-startKey"
ACTIVITY_SEARCH_FIELDS = ("id", "typeCode", "media", "monitoringLocationIdentifier", "comment", "startDate")


def activities(project: Project, *, page: int, page_size: int, order: str, search: str | None) -> dict:
    """One page of a project's activities, by start date (order ASC or DESC), optionally searched."""
    if search:
        return _searched_activities(project, page=page, page_size=page_size, order=order, search=search)
    migrations.once(START_KEYS_DONE, _fill_start_keys)
    keys, total = _activity_keys(project.id, skip=(page - 1) * page_size, take=page_size, ascending=order == "ASC")
    found = {item["id"]["S"]: item for item in batches.get_all(Activity.Meta.table_name, keys)}
    items = [Activity.from_raw_data(found[key["id"]["S"]]).to_dict() for key in keys if key["id"]["S"] in found]
    return _activity_page(items, total, page, page_size)


def _activity_keys(project_id: str, *, skip: int, take: int, ascending: bool) -> tuple[list[dict], int]:
    """The keys of a page of the project's activities in start order (index byStart, keys only: a few KB read
    per thousand activities skipped or counted), and how many the project has. A page past the middle is read
    from the other end, so at most half the keys are skipped."""
    paginator = aws.client("dynamodb").get_paginator("query")
    request = dict(TableName=Activity.Meta.table_name, IndexName=Activity.by_start.Meta.index_name,
                   KeyConditionExpression="projectId = :p", ExpressionAttributeValues={":p": {"S": project_id}})
    total = sum(answer["Count"] for answer in paginator.paginate(**request, Select="COUNT"))
    take = max(0, min(take, total - skip))
    from_the_end = skip > total - skip - take
    if from_the_end:
        skip, ascending = total - skip - take, not ascending
    keys: list[dict] = []
    if take:
        for answer in paginator.paginate(**request, ScanIndexForward=ascending, Limit=skip + take):
            keys += answer["Items"]
            if len(keys) >= skip + take:
                break
    page = [{"projectId": k["projectId"], "id": k["id"]} for k in keys[skip:skip + take]]
    return (page[::-1] if from_the_end else page), total


def _fill_start_keys() -> None:
    """Activities written before startKey existed are in no page of byStart: each gets it."""
    for found in Activity.scan(Activity.startKey.does_not_exist()):
        found.update(actions=[Activity.startKey.set(start_key(found.startDate, found.startTime, found.id))])


def _searched_activities(project: Project, *, page: int, page_size: int, order: str, search: str) -> dict:
    """A search reads the project's activities (a text anywhere in six fields: no index answers it)."""
    needle = search.casefold()
    items = [a for a in (found.to_dict() for found in Activity.query(project.id))
             if any(needle in str(a.get(f) or "").casefold() for f in ACTIVITY_SEARCH_FIELDS)]
    items.sort(key=lambda a: start_key(a.get("startDate"), a.get("startTime"), a["id"]), reverse=order == "DESC")
    start = (page - 1) * page_size
    return _activity_page(items[start:start + page_size], len(items), page, page_size)


def _activity_page(items: list[dict], total: int, page: int, page_size: int) -> dict:
    return {"data": items, "total": total, "page": page, "pageSize": page_size,
            "pageCount": max(1, -(-total // page_size))}
