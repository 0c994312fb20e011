"""System settings, one item per setting id (e.g. `map-service`).

Access patterns: all settings (a handful; scan); one by id.
"""
from pynamodb.attributes import JSONAttribute, UnicodeAttribute

from chalicelib.core.models import BaseModel, table_meta


class Setting(BaseModel):
    Meta = table_meta("settings")

    id = UnicodeAttribute(hash_key=True)
    label = UnicodeAttribute(null=True)
    value = JSONAttribute(null=True)
    updatedAt = UnicodeAttribute(null=True)
    updatedBy = UnicodeAttribute(null=True)
