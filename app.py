"""The Chalice app: creates it, registers blueprints and event handlers; nothing else."""
from chalice import Rate

from chalicelib.apikeys.routes import routes as apikeys_routes
from chalicelib.applications.routes import routes as applications_routes
from chalicelib.audit.routes import routes as audit_routes
from chalicelib.audit.service import request_origin
from chalicelib.auth.routes import routes as auth_routes
from chalicelib.core.app_object import App
from chalicelib.core.errors import ApiError
from chalicelib.dashboards.routes import routes as dashboards_routes
from chalicelib.gis.routes import routes as gis_routes
from chalicelib.imports.routes import routes as imports_routes
from chalicelib.invitations.routes import routes as invitations_routes
from chalicelib.core.http import API_PREFIX, api_headers, error_response, normalize_error_response
from chalicelib.organizations.routes import routes as organizations_routes
from chalicelib.pages.routes import routes as pages_routes
from chalicelib.parameters.routes import routes as parameters_routes
from chalicelib.projects.routes import routes as projects_routes
from chalicelib.reports.routes import routes as reports_routes
from chalicelib.reference.routes import routes as reference_routes
from chalicelib.roles.routes import routes as roles_routes
from chalicelib.samples.routes import routes as samples_routes
from chalicelib.sources.routes import routes as sources_routes
from chalicelib.stations.routes import routes as stations_routes
from chalicelib.statistics.routes import routes as statistics_routes
from chalicelib.system.routes import routes as system_routes
from chalicelib.timeseries.routes import routes as timeseries_routes
from chalicelib.users.routes import routes as users_routes
from chalicelib.workers import imports as import_worker_handler
from chalicelib.wqp.routes import routes as wqp_routes

app = App(app_name="open-water-data")

for domain_routes in (system_routes, audit_routes, applications_routes, auth_routes, users_routes, organizations_routes,
                      dashboards_routes, roles_routes, projects_routes, stations_routes, parameters_routes,
                      reference_routes, samples_routes, statistics_routes, gis_routes, invitations_routes,
                      imports_routes, pages_routes, wqp_routes, reports_routes, timeseries_routes,
                      apikeys_routes, sources_routes):
    app.register_blueprint(domain_routes.blueprint, url_prefix=API_PREFIX)
# API Gateway passes these request bodies to Lambda base64-encoded, so uploaded files arrive byte for byte.
app.api.binary_types.append("multipart/form-data")
# The PDF report goes back as bytes (API Gateway returns it when the request accepts application/pdf).
app.api.binary_types.append("application/pdf")


@app.middleware("http")
def json_errors(event, get_response):
    accept_language = (event.headers or {}).get("accept-language")
    try:
        return api_headers(normalize_error_response(get_response(event), accept_language))
    except ApiError as exc:
        return api_headers(error_response(exc, accept_language))


@app.middleware("http")
def audit_origin(event, get_response):
    """Changes recorded while answering carry the request's source address and user agent."""
    with request_origin(event.headers or {}, event.context):
        return get_response(event)


# One job per invocation: a long import does not hold up the jobs that would share its batch (Lambda runs more
# invocations at once instead).
@app.on_sqs_message(queue="owd-imports", batch_size=1)
def import_worker(event):
    """Runs queued jobs such as data imports (the same handler the local worker calls)."""
    return import_worker_handler.handle(event)


@app.schedule(Rate(5, unit=Rate.MINUTES))
def import_sources(event):
    """Queues the projects' import sources that are due (locally devtools/import_sources.py calls the same)."""
    from chalicelib.sources import service as sources

    return sources.run_due()
