"""Dashboards of widgets, each owned by one user.

Access patterns: a user's dashboards (GSI byOwner); one dashboard by id (owner checked);
label uniqueness per owner through a claim in the `uniques` table.
"""
from pynamodb.attributes import ListAttribute, MapAttribute, UnicodeAttribute
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
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)

    by_owner = DashboardsByOwner()
