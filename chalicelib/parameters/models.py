"""Parameters: what is measured (label, unit, group, WQX characteristic name).

Access patterns: parameter by id; all parameters (Scan of a small table, a few thousand at most);
a parameter by label (id = uuid5 of the label, so labels are unique by construction). Parameter groups
are a catalog list (chalicelib/reference); an organization's selection is one catalog item.
"""
from __future__ import annotations

from pynamodb.attributes import ListAttribute, UnicodeAttribute

from chalicelib.core.models import BaseModel, table_meta

class Parameter(BaseModel):
    Meta = table_meta("parameters")

    id = UnicodeAttribute(hash_key=True)
    label = UnicodeAttribute()
    name = UnicodeAttribute(null=True)
    unit = UnicodeAttribute(null=True)
    group = UnicodeAttribute(null=True)  # a parameter group's label
    characteristicName = UnicodeAttribute(null=True)  # WQX CharacteristicName
    sampleFraction = UnicodeAttribute(null=True)
    description = UnicodeAttribute(null=True)
    # Set for an organization's own parameters; shared parameters have none.
    organizationId = UnicodeAttribute(null=True)
    createdAt = UnicodeAttribute()
    updatedAt = UnicodeAttribute(null=True)
    deletedAt = UnicodeAttribute(null=True)
