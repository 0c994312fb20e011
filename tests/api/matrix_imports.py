"""Authorization-matrix cases of the import routes (uploads, import-data, the import log, history,
rejected rows, header map). Joined into MATRIX by tests/api/authorization_matrix.py."""
from __future__ import annotations

import uuid

from urllib3 import encode_multipart_formdata

from tests.api.authorization_matrix import SIGNED_IN, Case
from tests.api.matrix_monitoring import CREATED_BY_CONTRIBUTORS, DEMO_ORG_CONTRIBUTORS

QUEUED_BY_CONTRIBUTORS = {**DEMO_ORG_CONTRIBUTORS, "contributor": 202, "orgadmin": 202, "admin": 202}
# A log without a feedback file: those allowed to read it learn that (404), the others get 403.
# A multipart upload's parts and completion with a body naming no upload of the project: those allowed get to the
# body's check (400), the others are refused first.
REFUSED_BODY_FOR_CONTRIBUTORS = {**DEMO_ORG_CONTRIBUTORS, "contributor": 400, "orgadmin": 400, "admin": 400}
NO_FEEDBACK_FILE = {**DEMO_ORG_CONTRIBUTORS, "contributor": 404, "orgadmin": 404, "admin": 404}
_BODY, _CONTENT_TYPE = encode_multipart_formdata({"file": ("matrix.csv", b"StationIdentifier,Date,Parameter,Value\n"
                                                           b"MATRIX-1,2024-01-01,pH,7\n", "text/csv"),
                                                  "dryRun": "true"})


def _project_with_import(ids: dict) -> dict:
    """A fresh project of the demo organization and a queued import of it (not on the queue)."""
    from chalicelib.core.models import utc_now
    from chalicelib.imports.models import QUEUED, ImportLog
    from chalicelib.projects import service as projects

    project = projects.create({"organizationId": ids["org"], "name": f"Matrix imports {uuid.uuid4().hex[:8]}"})["id"]
    log_id = str(uuid.uuid4())
    ImportLog(id=log_id, logId=log_id, projectId=project, organizationId=ids["org"], fileName="matrix.csv",
              format="auto", status=QUEUED, uploadKey=f"uploads/{ids['org']}/{project}/matrix.csv",
              createdBy=ids["orgadmin"], createdAt=utc_now()).save()
    return {"project": project, "log": log_id}


_PROJECT = "/organization/{org}/projects/{project}"

CASES: list = [
    Case("POST", _PROJECT + "/import-uploads", CREATED_BY_CONTRIBUTORS, setup=_project_with_import,
         body={"fileName": "matrix.csv"}),
    Case("POST", _PROJECT + "/import-uploads/parts", REFUSED_BODY_FOR_CONTRIBUTORS, setup=_project_with_import,
         body={"uploadKey": "uploads/elsewhere/a.csv", "uploadId": "x", "size": 10}),
    Case("POST", _PROJECT + "/import-uploads/complete", REFUSED_BODY_FOR_CONTRIBUTORS, setup=_project_with_import,
         body={"uploadKey": "uploads/elsewhere/a.csv", "uploadId": "x", "size": 10}),
    Case("POST", _PROJECT + "/import-data", QUEUED_BY_CONTRIBUTORS, setup=_project_with_import, body=_BODY,
         headers={"Content-Type": _CONTENT_TYPE}),
    Case("GET", _PROJECT + "/queued-import/{log}", DEMO_ORG_CONTRIBUTORS, setup=_project_with_import),
    Case("DELETE", _PROJECT + "/queued-import/{log}", DEMO_ORG_CONTRIBUTORS, setup=_project_with_import),
    Case("GET", _PROJECT + "/import-history", DEMO_ORG_CONTRIBUTORS, setup=_project_with_import),
    Case("GET", "/organization/{org}/import-history", DEMO_ORG_CONTRIBUTORS),
    Case("GET", "/Util/feedbacklog/{log}", DEMO_ORG_CONTRIBUTORS, setup=_project_with_import),
    Case("GET", "/Util/feedback/{log}", NO_FEEDBACK_FILE, setup=_project_with_import),
    Case("GET", "/organization/{org}/header-map", DEMO_ORG_CONTRIBUTORS),
    Case("PUT", "/organization/{org}/header-map", DEMO_ORG_CONTRIBUTORS, body={}),
    Case("PATCH", "/organization/{org}/header-map", DEMO_ORG_CONTRIBUTORS, body={}),
    Case("GET", "/import-fields", SIGNED_IN),
    Case("GET", "/import-template", SIGNED_IN),
]
