"""The generic collection service: the @nestjsx/crud request format (as @dataui/crud-request's
RequestQueryBuilder writes it) served from DynamoDB.

    parser.parse_query(params, collection)      query string -> ParsedQuery (400 on bad input)
    service.list_items(collection, parsed, scope) and get/create/update/delete/bulk_create
    routes.register_collection_routes(routes, "/station", collection, auth=..., authorize=...)
"""
from chalicelib.crud.collection import Collection, Relation
from chalicelib.crud.dynamo import ReadStats
from chalicelib.crud.parser import ParsedQuery, parse_query, parse_uuid_param
from chalicelib.crud.service import bulk_create, create_item, delete_item, get_item, list_items, search, update_item

__all__ = [
    "Collection", "Relation", "ReadStats", "ParsedQuery", "parse_query", "parse_uuid_param",
    "list_items", "get_item", "create_item", "update_item", "delete_item", "bulk_create",
]
