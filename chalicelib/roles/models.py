"""System roles and their permissions.

Access patterns: all roles (a small table, scanned and cached briefly); one role by id.
"""
from pynamodb.attributes import BooleanAttribute, ListAttribute, UnicodeAttribute

from chalicelib.core.models import BaseModel, table_meta


class Role(BaseModel):
    Meta = table_meta("roles")

    id = UnicodeAttribute(hash_key=True)
    roleName = UnicodeAttribute()
    description = UnicodeAttribute(null=True)
    permissions = ListAttribute(of=UnicodeAttribute, default=list)
    builtIn = BooleanAttribute(default=False)
    createdAt = UnicodeAttribute(null=True)
    updatedAt = UnicodeAttribute(null=True)
