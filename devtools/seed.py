"""Demo data for `make run` (idempotent: running it again changes nothing).

The demo users come from the local identity provider's user list; their product roles are given here:
admin is a system administrator, orgadmin / contributor / viewer are group-admin / data-contributor /
simple-user of the demo organization, outsider belongs to no organization.
"""
from __future__ import annotations

from chalicelib.core.errors import NotFound
from chalicelib.core.models import utc_now
from chalicelib.crud.listing import count_change
from chalicelib.organizations import service as organizations
from chalicelib.roles import service as roles
from chalicelib.roles.service import SYSTEM_ADMIN
from chalicelib.users.models import User
from chalicelib.users.service import USERS_LISTING
from devtools.oidc.users import demo_users

DEMO_ORGANIZATION_ID = "6f1f3c4e-8a43-4b0c-9d7e-2f5a1c0b7d01"
DEMO_ORGANIZATION = {
    "name": "Demo Watershed Council",
    "description": "A demonstration organization with real Water Quality Portal stations and generated data.",
    "website": "https://example.org/demo-watershed",
}
DEMO_MEMBER_ROLES = {"orgadmin": "group-admin", "contributor": "data-contributor", "viewer": "simple-user"}


def seed_users() -> dict[str, str]:
    """Create the demo users' product records (as their first sign-in would); returns username → id."""
    ids = {}
    for person in demo_users():
        ids[person["username"]] = person["sub"]
        try:
            User.get(person["sub"])
        except User.DoesNotExist:
            User(id=person["sub"], email=person["email"], name=person["name"],
                 roles=[SYSTEM_ADMIN] if person["username"] == "admin" else [], createdAt=utc_now()).save()
            count_change(USERS_LISTING, 1)
    return ids


def seed_organization(user_ids: dict[str, str]) -> None:
    try:
        organizations.get(DEMO_ORGANIZATION_ID)
    except NotFound:
        organizations.create(DEMO_ORGANIZATION, organization_id=DEMO_ORGANIZATION_ID)
    for username, role_name in DEMO_MEMBER_ROLES.items():
        if organizations.membership(DEMO_ORGANIZATION_ID, user_ids[username]) is None:
            organizations.set_member_role(DEMO_ORGANIZATION_ID, user_ids[username], role_name)


# Above this many stations only the first SERIES_STATIONS_OF_LARGE get values unless $SEED_SERIES_STATIONS says:
# a million stations' series would be tens of millions of values (hours); the map needs the stations.
LARGE_SEED = 100_000
SERIES_STATIONS_OF_LARGE = 2000


def seed(stations: int | None = None, *, show_progress: bool = False) -> dict:
    """Users, the demo organization, and its monitoring data (`stations` generated ones; default
    $SEED_STATIONS or 2,000). Returns what seed_monitoring wrote."""
    roles.ensure_built_in_roles()
    seed_organization(seed_users())
    return seed_monitoring(stations, show_progress=show_progress)


def seed_monitoring(stations: int | None = None, *, show_progress: bool = False) -> dict:
    """Reference lists, the real Water Quality Portal files and generated stations, then the explorer snapshot."""
    import os

    from chalicelib.statistics import service as statistics
    from devtools import demo_data

    count = stations if stations is not None else int(os.environ.get("SEED_STATIONS") or demo_data.DEFAULT_STATIONS)
    # $SEED_SERIES_STATIONS: only the first n generated stations get values (large maps seed in minutes).
    series_stations = int(os.environ["SEED_SERIES_STATIONS"]) if os.environ.get("SEED_SERIES_STATIONS") else None
    if series_stations is None and count > LARGE_SEED:
        series_stations = SERIES_STATIONS_OF_LARGE
    threads = int(os.environ.get("SEED_THREADS") or 4)
    demo_data.seed_reference()
    report = {"wqp": demo_data.load_wqp(DEMO_ORGANIZATION_ID),
              "generated": demo_data.generate(DEMO_ORGANIZATION_ID, count, series_stations=series_stations,
                                              threads=threads, show_progress=show_progress) if count else {}}
    if show_progress:
        print("Building the explorer's station snapshot (a read of every station)...", flush=True)
    # Built here whatever its size (a read would queue a large one for the worker), its Scan in
    # segments for the stations just written.
    snapshot = statistics.current_or_rebuild(expected_stations=count)
    report["snapshotStations"] = snapshot.n
    return report


def summary(report: dict, seconds: float) -> str:
    generated = report.get("generated") or {}
    if "stations" not in generated:
        return "Demo data is in place."
    resumed = f" (continued after {generated['resumedAfter']:,} written before)" if generated.get("resumedAfter") else ""
    return (f"Demo data is in place: {generated['stations']:,} generated stations{resumed} with {generated['values']:,} "
            f"values written, and the Water Quality Portal files; the explorer shows "
            f"{report.get('snapshotStations', 0):,} stations ({seconds:.0f} s).")


if __name__ == "__main__":
    import os
    import time

    started = time.monotonic()
    print("Seeding the demo data (users, the demo organization, stations and their values)...", flush=True)
    # Stopped midway (Ctrl-C, a crash), the next run continues where this one stopped.
    result = seed(int(os.environ["STATIONS"]) if os.environ.get("STATIONS") else None, show_progress=True)
    print(summary(result, time.monotonic() - started), flush=True)
