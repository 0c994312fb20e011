"""Dashboards of widgets, each owned by one user.

Access patterns: a user's dashboards (GSI byOwner); one dashboard by id (owner checked);
label uniqueness per owner through a claim in the `uniques` table.
"""
from pynamodb.attributes import ListAttribute, MapAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex

from chalicelib.core.models import BaseModel, table_meta

DEFAULT_ICON = "kiLineChart2"
DEFAULT_LAYOUT = "dashboard-layout-free"


class DashboardsByOwner(GlobalSecondaryIndex):
    class Meta:
        index_name = "byOwner"
        projection = AllProjection()

    ownerId = UnicodeAttribute(hash_key=True)


class Dashboard(BaseModel):
    Meta = table_meta("dashboards")

    id = UnicodeAttribute(hash_key=True)
    ownerId = UnicodeAttribute()
    label = UnicodeAttribute()
    icon = UnicodeAttribute(default=DEFAULT_ICON)
    layout = UnicodeAttribute(default=DEFAULT_LAYOUT)
    config = MapAttribute(default=dict)
    # Each widget: {id, component, config, position: {x, y, w, h}}
    widgets = ListAttribute(default=list)
    # Counts the writes of `widgets`: each write is conditional on the count it read (service._change_widgets), so
    # two changes at the same moment cannot overwrite each other's widgets. None on dashboards from before it.
    widgetsVersion = NumberAttribute(null=True)
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)

    by_owner = DashboardsByOwner()

    def to_dict(self) -> dict:
        shown = super().to_dict()
        shown.pop("widgetsVersion", None)  # the store's bookkeeping, not the dashboard's
        return shown
