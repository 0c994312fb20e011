"""Parameters and organizations' parameter selections (no HTTP in here)."""
from __future__ import annotations

from typing import Any, Iterable

from pynamodb.exceptions import PutError, UpdateError

from chalicelib.audit import service as audit
from chalicelib.crud import Collection
from chalicelib.crud import service as crud
from chalicelib.core.errors import BadRequest, Conflict
from chalicelib.core.models import get_live, utc_now
from chalicelib.core.names import checked_name, name_key, tidy
from chalicelib.parameters import units
from chalicelib.parameters.models import Parameter
from chalicelib.projects.models import derived_id

FIELDS = ("id", "label", "name", "unit", "group", "characteristicName", "sampleFraction", "description",
          "organizationId", "createdAt", "updatedAt", "deletedAt")
WRITABLE = ("label", "name", "unit", "group", "characteristicName", "sampleFraction", "description", "organizationId")
COLLECTION = Collection(Parameter, name="Parameter", fields=FIELDS, writable=WRITABLE, required=("label",),
                        default_sort=(("label", "ASC"),), max_page_size=1000, deleted_for_admins_only=True)
NOT_FOUND = "Parameter not found."
# A label is a name in a list, a unit a WQX code (the longest is under 30 characters); the texts are short notes.
TEXT_LIMITS = {"label": 100, "name": 100, "unit": 40, "group": 200, "characteristicName": 200, "sampleFraction": 100,
               "description": 5_000}
UNKNOWN_UNIT = "Unknown unit '{value}': use a WQX unit code such as mg/L, deg C or uS/cm."
HAS_VALUES = "Values are recorded for the parameter {label}: a parameter with values cannot be deleted."
UNIT_HAS_VALUES = ("Values of the parameter {label} are recorded in {unit}: its unit cannot be changed while it has "
                   "values.")


LABEL_NOT_ONE_LINE = "Parameter label must be one line of text, without tabs or line breaks."


def parameter_id_for(label: str) -> str:
    """A parameter's id, made of its label's key (core/names): labels that look the same are one parameter, named
    so by a file or a push too. A label of plain letters, digits and single spaces keeps the id it had before."""
    return derived_id("parameter", name_key(label))


def search(query_params: Any) -> list | dict:
    return crud.search(COLLECTION, query_params)


def with_name(item: dict) -> dict:
    """A parameter as the data section shows it: the label copied to name."""
    return {**item, "name": item.get("label")}


def get(parameter_id: str) -> Parameter:
    return get_live(Parameter, parameter_id, NOT_FOUND)


def _checked_texts(values: dict) -> None:
    """Texts within their limits, and a unit that imports and pushes take (a WQX code, loosely compared)."""
    from chalicelib.reference import service as reference

    for name, limit in TEXT_LIMITS.items():
        if isinstance(values.get(name), str) and len(values[name]) > limit:
            raise BadRequest(f"{name} must be at most {limit} characters.")
    unit = values.get("unit")
    if isinstance(unit, str) and unit.strip():
        codes = frozenset(u["value"] for u in reference.keylists()["units"]["values"])
        if not units.known(unit.strip(), codes):
            raise BadRequest(UNKNOWN_UNIT.format(value=unit.strip()))


def create(data: Any) -> dict:
    if not isinstance(data, dict):
        raise BadRequest("Request body must be a JSON object.")
    values = COLLECTION.check_writable(data)
    label = values.get("label")
    label = checked_name(label, LABEL_NOT_ONE_LINE) if isinstance(label, str) else None
    if not label:
        raise BadRequest("label is required.")
    values = {k: v.strip() if isinstance(v, str) else v for k, v in values.items() if v is not None}
    values["label"] = label  # stored tidied (core/names), and its length counted so
    _checked_texts(values)
    parameter = Parameter(id=parameter_id_for(label), **{**values, "label": label}, createdAt=utc_now())
    try:
        # A deleted parameter's label may be taken again (its id is the label's): the new one replaces it.
        parameter.save(condition=Parameter.id.does_not_exist() | Parameter.deletedAt.exists())
    except PutError as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            raise Conflict(f"A parameter labelled {label!r} already exists.") from exc
        raise
    return crud.get_item(COLLECTION, parameter.id)


def update(parameter: Parameter, data: Any, expected: tuple[str, ...] | None = None) -> dict:
    if isinstance(data, dict):
        for name in ("label", "organizationId"):
            if name in data and data[name] != getattr(parameter, name):
                raise BadRequest(f"Field {name} cannot be changed.")
        _checked_texts(data)
        unit = data.get("unit") if isinstance(data.get("unit"), str) else None
        if "unit" in data and not units.same(unit, parameter.unit) and has_values(parameter.id):
            # Stored values are in the parameter's unit (imports convert to it): a new unit would misstate them.
            raise Conflict(UNIT_HAS_VALUES.format(label=repr(parameter.label), unit=parameter.unit or "none"))
    return crud.update_item(COLLECTION, parameter.id, data, expected=expected)


def has_values(parameter_id: str) -> bool:
    """Whether any station's values (a series summary) or logger series use the parameter: one key read each."""
    from chalicelib.samples.models import Series
    from chalicelib.timeseries.models import TimeSeries

    return (next(iter(Series.by_parameter.query(parameter_id, limit=1)), None) is not None
            or next(iter(TimeSeries.by_parameter.query(parameter_id, limit=1)), None) is not None)


def delete(parameter: Parameter) -> None:
    if has_values(parameter.id):
        raise Conflict(HAS_VALUES.format(label=repr(parameter.label)))
    crud.delete_item(COLLECTION, parameter.id)
    # Values written while it was being deleted (a push, an import): it stays. The writers look again after
    # writing (restore_if_deleted), so one of the two sees the other.
    if has_values(parameter.id):
        restore_if_deleted(parameter.id)
        raise Conflict(HAS_VALUES.format(label=repr(parameter.label)))
    _forget_in_projects(parameter.id)
    audit.record("delete", "parameter", parameter.id, before={"name": parameter.name},
                 organization_id=parameter.organizationId)


def restore_if_deleted(parameter_id: str) -> None:
    """The parameter brought back when it was deleted after values of it were written (they keep their name)."""
    try:
        if not Parameter.get(parameter_id, consistent_read=True, attributes_to_get=["deletedAt"]).deletedAt:
            return
    except Parameter.DoesNotExist:
        return
    try:
        Parameter(id=parameter_id).update(actions=[Parameter.deletedAt.remove(), Parameter.updatedAt.set(utc_now())],
                                          condition=Parameter.deletedAt.exists())
    except UpdateError as exc:
        if getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
            raise


def _forget_in_projects(parameter_id: str) -> None:
    """A deleted parameter leaves the projects' lists: a parameter made later with its label (and so its id), by
    another organization too, must not appear in them."""
    from chalicelib.projects.models import Project

    for project in Project.scan(Project.parameterIds.contains(parameter_id)):
        for _attempt in range(3):
            ids = list(project.parameterIds or [])
            if parameter_id not in ids:
                break
            at = ids.index(parameter_id)
            try:  # only that entry, only while it is still there: a list changed meanwhile is read again
                project.update(actions=[Project.parameterIds[at].remove()],
                               condition=Project.parameterIds[at] == parameter_id)
                break
            except UpdateError as exc:
                if getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
                    raise
                project.refresh(consistent_read=True)


def existing(parameter_ids: Iterable[str]) -> dict[str, Parameter]:
    ids = list(dict.fromkeys(parameter_ids))
    found = {p.id: p for p in Parameter.batch_get(ids)} if ids else {}
    return {k: v for k, v in found.items() if not v.deletedAt}


def require_existing(parameter_ids: list[str]) -> dict[str, Parameter]:
    found = existing(parameter_ids)
    unknown = [i for i in parameter_ids if i not in found]
    if unknown:
        raise BadRequest(f"Invalid parameterIds. Unknown parameters: {', '.join(unknown[:5])}")
    return found


def ensure(label: str, **fields: Any) -> Parameter:
    """The parameter with this label, made when missing or deleted (imports and demo data; idempotent)."""
    try:
        found = Parameter.get(parameter_id_for(label))
        if not found.deletedAt:
            return found
    except Parameter.DoesNotExist:
        pass
    # Values name it again: it is made anew (a deleted one's fields do not come back with it).
    parameter = Parameter(id=parameter_id_for(label), label=tidy(label) or label, createdAt=utc_now(),
                          **{k: v for k, v in fields.items() if v is not None})
    parameter.save()
    return parameter


def share_with(used: Iterable[Parameter], organization_id: str) -> None:
    """Parameters one organization made that another organization's values now use (an import or a push names
    them by label or id) become shared: from then on only system administrators change or delete them. Their
    maker could otherwise relabel or remove what another organization's values are."""
    for parameter in used:
        owner = parameter.organizationId
        if not owner or owner == organization_id:
            continue
        try:
            parameter.update(actions=[Parameter.organizationId.remove(), Parameter.updatedAt.set(utc_now())],
                             condition=Parameter.organizationId == owner)
        except UpdateError as exc:
            if getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
                raise
            continue  # shared already (another import got there first)
        audit.record("update", "parameter", parameter.id, before={"organizationId": owner},
                     after={"organizationId": None, "usedBy": organization_id}, organization_id=owner,
                     target_label=parameter.label)


def all_parameters() -> dict[str, Parameter]:
    return {p.id: p for p in Parameter.scan() if not p.deletedAt}


# ---------------------------------------------------------------- an organization's selection


def organization_parameters(organization_id: str) -> list[dict]:
    from chalicelib.reference import service as reference

    ids = reference.organization_parameter_ids(organization_id)
    found = existing(ids)
    return [with_name(found[i].to_dict()) for i in ids if i in found]


def set_organization_parameters(organization_id: str, parameter_ids: list[str]) -> list[dict]:
    from chalicelib.reference import service as reference

    require_existing(parameter_ids)
    reference.set_organization_parameter_ids(organization_id, parameter_ids)
    return organization_parameters(organization_id)
