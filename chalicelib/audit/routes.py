"""The audit trail (system administrators)."""
from chalicelib.audit import names, service
from chalicelib.auth import rules
from chalicelib.core.http import Routes
from chalicelib.crud.routes import describe_list

routes = Routes(__name__)


@routes.route("/system/audit", auth=rules.system_roles("system-admin"))
@describe_list(service.ENTRIES)
def list_audit_entries():
    """Changes of roles, members, invitations, settings, WQX accounts, pages and deletions, newest first;
    filter, sort and page with the collection query language."""
    return names.name_targets(service.search(routes.current_request.query_params))
