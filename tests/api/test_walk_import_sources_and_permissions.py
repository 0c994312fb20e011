"""What a walk found of import sources and refusals, as a user sees it: a source's last result says how many values
its import imported or found stored already (in the import screens' words), and the import and source routes
refuse viewers and other organizations' members saying which role would let them."""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.api.imports_support import form, fresh_project, run_worker

FILE = (b"StationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit\n"
        b"WB-SRC-1,Source creek,40.1,-75.2,2024-05-01,09:30,EST,pH,7.1,std units\n"
        b"WB-SRC-1,,,,2024-05-02,09:30,EST,pH,7.2,std units\n"
        b"WB-SRC-1,,,,2024-05-03,09:30,EST,pH,7.3,std units\n"
        b"WB-SRC-1,,,,2024-05-04,09:30,EST,pH,7.4,std units\n")
NEEDS_CONTRIBUTOR = "You need to be a data contributor or group administrator of this organization."


class _File(BaseHTTPRequestHandler):
    body = FILE

    def do_GET(self):  # noqa: N802 - http.server's name
        self.send_response(200)
        self.end_headers()
        self.wfile.write(_File.body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _File)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def test_a_sources_last_result_counts_values_imported_and_unchanged(api, server):
    org, project_id = fresh_project(api)
    project = f"/organization/{org}/projects/{project_id}"
    admin = api.as_("admin")
    source = admin.post(project + "/import-sources", {"name": "Volunteer sheet", "url": f"{server}/sheet.csv",
                                                      "format": "template", "schedule": "daily"}).json

    def run() -> dict:
        queued = admin.post(f"{project}/import-sources/{source['id']}/run").json
        run_worker(api=admin, path=f"{project}/queued-import/{queued['lastLogId']}")
        return next(s for s in admin.get(project + "/import-sources").json if s["id"] == source["id"])

    assert run()["lastMessage"] == "4 values imported."
    _File.body = FILE.replace(b"\n", b"\r\n")  # another answer (its hash), the same values
    try:
        ended = run()
    finally:
        _File.body = FILE
    assert (ended["lastStatus"], ended["lastMessage"]) == (
        "succeeded", "Nothing changed: all 4 rows were already stored as the file gives them.")
    in_chinese = admin.get(project + "/import-sources", headers={"Accept-Language": "zh-CN"}).json
    assert in_chinese[0]["lastMessage"] == "没有任何变化：全部 4 行都已按文件所写存储。"


@pytest.mark.parametrize("identity", ["viewer", "other_orgadmin"])
def test_the_import_routes_say_which_role_would_let_a_viewer_or_an_outsider_import(api, demo, identity):
    org, project_id = fresh_project(api, demo["org"])
    project = f"/organization/{org}/projects/{project_id}"
    caller = api.as_(identity)
    body, headers = form(FILE)
    answers = {
        "import-data": caller.post(project + "/import-data", body, headers=headers),
        "import-ts-data": caller.post(project + "/import-ts-data", body, headers=headers),
        "import-uploads": caller.post(project + "/import-uploads", {"fileName": "a.csv", "size": 10}),
        "import-sources": caller.post(project + "/import-sources", {"name": "A", "url": "https://example.org/a.csv",
                                                                    "format": "template", "schedule": "daily"}),
        "header-map": caller.put(f"/organization/{org}/header-map", {"Site": "station"}),
        "push": caller.post(f"/wapi/{project_id}/ts", {"series": []}),
    }
    assert {name: (answer.status_code, answer.json["message"]) for name, answer in answers.items()} == {
        name: (403, NEEDS_CONTRIBUTOR) for name in answers}
