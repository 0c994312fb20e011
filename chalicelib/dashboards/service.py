"""Dashboards: create with defaults, unique labels per owner, widgets and their positions."""
from __future__ import annotations

import json
import random
import re
import time
import uuid
from datetime import date
from typing import Callable

from pynamodb.connection import Connection
from pynamodb.exceptions import TransactWriteError, UpdateError
from pynamodb.transactions import TransactWrite

from chalicelib import crud
from chalicelib.core.errors import BadRequest, Conflict, NotFound
from chalicelib.core.models import utc_now
from chalicelib.core.uniques import UniqueClaim, claim_key, was_conflict
from chalicelib.dashboards.models import DEFAULT_ICON, DEFAULT_LAYOUT, Dashboard

LABEL_REQUIRED = "Please enter dashboard name."
MAX_LABEL_LENGTH = 120
MAX_WIDGETS = 100
POSITION_KEYS = ("x", "y", "w", "h")
# The widgets the app draws (frontend: dashboards/widgets, stations/widgets, explorer/widgets) and their limits.
WIDGET_COMPONENTS = ("markdown-note", "station-chart", "station-table")
MAX_CONFIG_BYTES = 40_000  # UTF-8: a note of 10,000 Chinese characters is 30,000 bytes
MAX_NOTE_CHARACTERS = 10_000
# All of a dashboard's widgets together, well inside DynamoDB's 400 KB item (and inside what moto counts,
# which is more than DynamoDB for text outside ASCII).
MAX_DASHBOARD_BYTES = 200_000


def label_taken_message(label: str) -> str:
    return f"Dashboard named {label} already exists. Please try a different one."


def _label(value) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadRequest(LABEL_REQUIRED)
    if len(value) > MAX_LABEL_LENGTH:
        raise BadRequest(f"Dashboard name must be at most {MAX_LABEL_LENGTH} characters.")
    return value.strip()


def _label_claim(owner_id: str, label: str, dashboard_id: str) -> UniqueClaim:
    return UniqueClaim(key=claim_key("dashboard-label", owner_id, label), ownerId=owner_id, targetId=dashboard_id)


def _connection() -> Connection:
    return Dashboard._get_connection().connection


# widgetsVersion is the store's bookkeeping, not the dashboard's: the list leaves it out, as Dashboard.to_dict does.
DASHBOARDS = crud.Collection(Dashboard, name="Dashboard", default_sort=(("label", "ASC"),),
                             fields=tuple(name for name in Dashboard.get_attributes() if name != "widgetsVersion"))


def search(owner_id: str, query_params) -> list | dict:
    """The owner's dashboards matching a collection query; the owner scope cannot be widened."""
    return crud.search(DASHBOARDS, query_params, scope={"ownerId": owner_id})


def list_for(owner_id: str) -> list[Dashboard]:
    return sorted(Dashboard.by_owner.query(owner_id), key=lambda d: (d.label.casefold(), d.id))


def get(owner_id: str, dashboard_id: str, consistent: bool = False) -> Dashboard:
    try:
        dashboard = Dashboard.get(dashboard_id, consistent_read=consistent)
    except Dashboard.DoesNotExist:
        dashboard = None
    # Someone else's dashboard is reported exactly like a missing one.
    if dashboard is None or dashboard.ownerId != owner_id:
        raise NotFound("Dashboard not found.")
    return dashboard


def create(owner_id: str, data: dict) -> Dashboard:
    label = _label(data.get("label"))
    icon = data.get("icon") or DEFAULT_ICON
    if not isinstance(icon, str):
        raise BadRequest("Dashboard icon must be text.")
    dashboard = Dashboard(id=str(uuid.uuid4()), ownerId=owner_id, label=label, icon=icon,
                          layout=DEFAULT_LAYOUT, config={}, widgets=[], createdAt=utc_now())
    try:
        with TransactWrite(connection=_connection()) as transaction:
            transaction.save(_label_claim(owner_id, label, dashboard.id), condition=UniqueClaim.key.does_not_exist())
            transaction.save(dashboard)
    except TransactWriteError as exc:
        if was_conflict(exc):
            raise Conflict(label_taken_message(label)) from exc
        raise
    return dashboard


def rename(owner_id: str, dashboard_id: str, new_label) -> Dashboard:
    dashboard = get(owner_id, dashboard_id)
    label = _label(new_label)
    if claim_key("", "", label) == claim_key("", "", dashboard.label):
        dashboard.update(actions=[Dashboard.label.set(label), Dashboard.updatedAt.set(utc_now())])
        return dashboard
    try:
        with TransactWrite(connection=_connection()) as transaction:
            transaction.save(_label_claim(owner_id, label, dashboard.id), condition=UniqueClaim.key.does_not_exist())
            transaction.delete(_label_claim(owner_id, dashboard.label, dashboard.id))
            transaction.update(dashboard, actions=[Dashboard.label.set(label), Dashboard.updatedAt.set(utc_now())])
    except TransactWriteError as exc:
        if was_conflict(exc):
            raise Conflict(label_taken_message(label)) from exc
        raise
    return get(owner_id, dashboard_id)


def delete(owner_id: str, dashboard_id: str) -> None:
    dashboard = get(owner_id, dashboard_id)
    with TransactWrite(connection=_connection()) as transaction:
        transaction.delete(_label_claim(owner_id, dashboard.label, dashboard.id))
        transaction.delete(dashboard)


def delete_all_of(owner_id: str) -> None:
    for dashboard in list_for(owner_id):
        delete(owner_id, dashboard.id)


# Grid cells (the dashboard is 12 columns wide and grows down): far beyond any screen, and a number every
# browser reads as it is (10**400 had been stored and came back as Infinity).
MAX_POSITION = 10_000


def _position(value) -> dict:
    if value is None:
        return {"x": 0, "y": 0, "w": 6, "h": 4}
    if not isinstance(value, dict) or any(isinstance(value.get(k), bool) or not isinstance(value.get(k), (int, float))
                                          or not 0 <= value[k] <= MAX_POSITION for k in POSITION_KEYS):
        raise BadRequest(f"Widget position needs numbers x, y, w and h from 0 to {MAX_POSITION}.")
    return {k: value[k] for k in POSITION_KEYS}


def _widgets_of(dashboard: Dashboard) -> list[dict]:
    return [w.as_dict() if hasattr(w, "as_dict") else dict(w) for w in dashboard.widgets or []]


# A change of the widget list is tried this often when other changes of the same dashboard keep coming first.
WIDGET_WRITE_ATTEMPTS = 12
WIDGETS_BUSY = "The dashboard's widgets kept changing while this change was saved. Try again."


def _change_widgets(owner_id: str, dashboard_id: str, change: Callable[[list[dict]], list[dict]]) -> Dashboard:
    """Apply `change` (the widget list as stored → the new list) and store its result only if nobody wrote the list
    in between: each write is conditional on the widgetsVersion it read. When another write came first, the
    dashboard is read again and `change` applied to what is stored now, so changes at the same moment (a widget
    added in one tab while another saves the layout) are all kept. `change` may raise (a widget gone: 404)."""
    for attempt in range(WIDGET_WRITE_ATTEMPTS):
        dashboard = get(owner_id, dashboard_id, consistent=attempt > 0)
        widgets = change(_widgets_of(dashboard))
        _require_room(widgets)
        version = dashboard.widgetsVersion
        unchanged = (Dashboard.widgetsVersion == version if version is not None
                     else Dashboard.id.exists() & Dashboard.widgetsVersion.does_not_exist())
        try:
            dashboard.update(actions=[Dashboard.widgets.set(widgets), Dashboard.widgetsVersion.set((version or 0) + 1),
                                      Dashboard.updatedAt.set(utc_now())], condition=unchanged)
            return dashboard
        except UpdateError as exc:
            if getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
                raise
        time.sleep(random.uniform(0, 0.01 * 2 ** min(attempt, 5)))  # let the writers at the same moment spread out
    raise Conflict(WIDGETS_BUSY)


def add_widget(owner_id: str, dashboard_id: str, widget: dict) -> Dashboard:
    get(owner_id, dashboard_id)  # a missing dashboard is a 404 before the widget is judged
    if not isinstance(widget, dict) or not isinstance(widget.get("component"), str) or not widget["component"]:
        raise BadRequest("A widget needs a component name.")
    if widget["component"] not in WIDGET_COMPONENTS:
        component, known = widget["component"][:50], ", ".join(WIDGET_COMPONENTS)
        raise BadRequest(f"Unknown widget {component!r}. Expected one of: {known}.")
    config = _widget_config(widget.get("config", {}), widget["component"])
    entry = {"id": str(uuid.uuid4()), "component": widget["component"], "config": config,
             "position": _position(widget.get("position"))}

    def append(widgets: list[dict]) -> list[dict]:
        if len(widgets) >= MAX_WIDGETS:
            raise BadRequest(f"A dashboard holds at most {MAX_WIDGETS} widgets.")
        return widgets + [entry]

    return _change_widgets(owner_id, dashboard_id, append)


def save_layout(owner_id: str, dashboard_id: str, positions: dict) -> Dashboard:
    """Save widget positions: {widgetId: {x, y, w, h}}; unknown widget ids are refused. Only the widgets named
    move: one added meanwhile (in another tab) stays where it was put."""
    if not isinstance(positions, dict):
        raise BadRequest("Positions must be an object keyed by widget id.")

    def move(widgets: list[dict]) -> list[dict]:
        unknown = sorted(set(positions) - {w["id"] for w in widgets})
        if unknown:
            raise BadRequest(f"Unknown widget: {', '.join(unknown)}.")
        places = {widget_id: _position(place) for widget_id, place in positions.items()}
        return [{**w, "position": places[w["id"]]} if w["id"] in places else w for w in widgets]

    return _change_widgets(owner_id, dashboard_id, move)


def _size(value) -> int:
    """The bytes a value takes stored (UTF-8, as DynamoDB counts), not its ASCII-escaped JSON."""
    return len(json.dumps(value, ensure_ascii=False).encode())


def _require_room(widgets: list) -> None:
    if _size(widgets) > MAX_DASHBOARD_BYTES:
        raise BadRequest(f"A dashboard's widgets must be at most {MAX_DASHBOARD_BYTES} bytes in all: remove or "
                         "shorten some.")


def _widget_config(value, component: str | None) -> dict:
    """A widget's settings as its component reads them: a note's text within its limit, a chart's station one
    that exists (else the widget could only ever show an error)."""
    if not isinstance(value, dict):
        raise BadRequest("Widget config must be an object.")
    if _size(value) > MAX_CONFIG_BYTES:
        raise BadRequest(f"A widget's settings must be at most {MAX_CONFIG_BYTES} bytes.")
    if component == "markdown-note":
        if not isinstance(value.get("text", ""), str):
            raise BadRequest("A note's text must be text.")
        if len(value.get("text") or "") > MAX_NOTE_CHARACTERS:
            raise BadRequest(f"A note must be at most {MAX_NOTE_CHARACTERS} characters.")
    if component == "station-chart" and value.get("stationId") not in (None, ""):
        from chalicelib.stations import service as stations

        station_id = value["stationId"]
        if not isinstance(station_id, str) or len(station_id) > 100 or station_id not in stations.existing([station_id]):
            raise BadRequest("The chart's station does not exist.")
    if component == "station-chart":
        _chart_parameters(value)
        _chart_dates(value)
    return value


MAX_CHART_PARAMETERS = 50
MAX_ID_LENGTH = 100
CHART_PARAMETERS_MALFORMED = f"A chart's parameterIds must be a list of at most {MAX_CHART_PARAMETERS} parameter ids."


def _well_formed_id(value) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID_LENGTH and value == value.strip() and value.isprintable()


def _chart_parameters(config: dict) -> None:
    """The chart's parameters: ids of parameters that exist (else the chart could only ever be empty); the one
    `parameterId` of older widgets only well-formed."""
    ids = config.get("parameterIds")
    if ids is not None:
        if not isinstance(ids, list) or len(ids) > MAX_CHART_PARAMETERS or not all(_well_formed_id(i) for i in ids):
            raise BadRequest(CHART_PARAMETERS_MALFORMED)
        from chalicelib.parameters import service as parameters

        found = parameters.existing(ids)
        unknown = [i for i in dict.fromkeys(ids) if i not in found]
        if unknown:
            raise BadRequest(f"The chart's parameters do not exist: {', '.join(unknown[:5])}.")
    if config.get("parameterId") not in (None, "") and not _well_formed_id(config["parameterId"]):
        raise BadRequest("A chart's parameterId must be a parameter id.")


def _chart_dates(config: dict) -> None:
    """The chart's date range: `from` and `to` are each empty (open) or a real date YYYY-MM-DD, from not after to."""
    days = {}
    for name in ("from", "to"):
        text = config.get(name)
        if text in (None, ""):
            continue
        try:
            if not isinstance(text, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
                raise ValueError  # (fromisoformat alone also reads 2020-W01-1 and 20200101)
            days[name] = date.fromisoformat(text)
        except ValueError:
            raise BadRequest(f"The chart's {name} date must be a real date written YYYY-MM-DD.") from None
    if len(days) == 2 and days["from"] > days["to"]:
        raise BadRequest("The chart's from date must not be after its to date.")


def update_widget(owner_id: str, dashboard_id: str, widget_id: str, data) -> Dashboard:
    """Replace a widget's config (a note's text, a chart's parameters); its place stays."""
    config = data.get("config") if isinstance(data, dict) else None

    def edit(widgets: list[dict]) -> list[dict]:
        widget = next((w for w in widgets if w["id"] == widget_id), None)
        if widget is None:
            raise NotFound("Widget not found.")
        changed = {**widget, "config": _widget_config(config, widget.get("component"))}
        return [changed if w["id"] == widget_id else w for w in widgets]

    return _change_widgets(owner_id, dashboard_id, edit)


def remove_widget(owner_id: str, dashboard_id: str, widget_id: str) -> Dashboard:
    def without(widgets: list[dict]) -> list[dict]:
        remaining = [w for w in widgets if w["id"] != widget_id]
        if len(remaining) == len(widgets):
            raise NotFound("Widget not found.")
        return remaining

    return _change_widgets(owner_id, dashboard_id, without)
