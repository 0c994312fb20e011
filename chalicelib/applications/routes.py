"""Application entries of the multi-application shell."""
from chalicelib.applications import service
from chalicelib.auth import rules
from chalicelib.core.http import Routes
from chalicelib.core.openapi import OBJECT, TEXT, describe

routes = Routes(__name__)
# ApplicationRegistry.register: an entry as registered, each view with its config and widgets filled in.
_VIEW = {"type": "object", "required": ["name", "component", "config", "widgets"], "properties": {
    "name": TEXT, "component": TEXT, "config": OBJECT,
    "widgets": {"type": "array", "items": TEXT, "description": "the widget components the view offers"}}}
APPLICATION = {"type": "object", "required": ["key", "views"], "properties": {
    "key": TEXT, "label": TEXT, "views": {"type": "array", "items": _VIEW}}}


@routes.route("/applications", auth=rules.public)
@describe(returns={"type": "array", "items": APPLICATION})
def list_applications():
    """The registered application entries, each with its views (public)."""
    return service.list_applications()
