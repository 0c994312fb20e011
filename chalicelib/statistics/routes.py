"""Explorer statistics: stations matching a query with their meta and totals (public)."""
from chalicelib.auth import rules
from chalicelib.core.http import Routes
from chalicelib.statistics import service

routes = Routes(__name__)


def _multi(request) -> dict[str, list[str]]:
    """Every value of every query parameter (?a=1&a=2 -> {"a": ["1", "2"]})."""
    params = request.query_params
    return {name: params.getlist(name) for name in params} if params else {}


@routes.route("/statistic", methods=["POST"], auth=rules.public)
def statistic():
    """Stations matching a station query (organizations, projects, parameters, station types, bbox, date
    range, county, state, HUC, search) with meta and totals; format objects (paged) or columns (the map)."""
    return service.search(service.parse_query(routes.json_body()))


@routes.route("/statistic/sampleLocationList", auth=rules.public)
def sample_location_list():
    """The same query as GET parameters, answered as columns by default; ?snapshot=v&rows=1,2 looks
    stations up by their row numbers in that snapshot."""
    request = routes.current_request
    params = dict(request.query_params or {})
    if "rows" in params:
        return service.stations_at(params.get("snapshot"), params["rows"])
    multi = _multi(request)
    body = {k: (",".join(v) if len(v) > 1 else v[0]) for k, v in multi.items()}
    body.setdefault("format", "columns")
    return service.search(service.parse_query(body))
