"""What a portal result file says of its activities besides their start is kept: their end (ActivityEndDate, its time
and zone), the conducting organization, the activity's comment and its hydrologic condition and event. An import had
dropped them (every row of the portal's own sample files gives an end), so the Activities tab and the portal's
Activity profile answered them empty. The end is checked as the start is, and a wrong one rejects its row."""
from __future__ import annotations

import csv
import io

from tests.api.imports_support import fresh_project, import_file, raw_get

HEADER = ("MonitoringLocationIdentifier,LatitudeMeasure,LongitudeMeasure,ActivityIdentifier,ActivityTypeCode,"
          "ActivityStartDate,ActivityStartTime/Time,ActivityStartTime/TimeZoneCode,ActivityEndDate,"
          "ActivityEndTime/Time,ActivityEndTime/TimeZoneCode,ActivityConductingOrganizationText,ActivityCommentText,"
          "HydrologicCondition,HydrologicEvent,CharacteristicName,ResultMeasureValue,ResultMeasure/MeasureUnitCode\n")
ROWS = (
    'AE-1,43.1,-89.4,AE-ACT-1,Field Msr/Obs,2011-05-09,12:20:00,CDT,2011-05-09,12:50:00,CDT,Wisconsin DNR,'
    '"Sampled from the bridge, at low water",Stable normal stage,Routine sample,pH,7.1,std units\n'
    "AE-1,43.1,-89.4,AE-ACT-2,Field Msr/Obs,2011-05-10,12:20:00,CDT,2011-05-10,13:00,UTC-5,,,,,pH,7.2,std units\n"
    "AE-1,43.1,-89.4,AE-ACT-3,Field Msr/Obs,2011-05-11,12:20:00,CDT,2011-13-11,12:50:00,CDT,,,,,pH,7.3,std units\n"
    "AE-1,43.1,-89.4,AE-ACT-4,Field Msr/Obs,2011-05-12,12:20:00,CDT,2011-05-12,12:50:00,XYZ,,,,,pH,7.4,std units\n")
END = ("ActivityEndDate", "ActivityEndTime/Time", "ActivityEndTime/TimeZoneCode")


def test_an_activitys_end_and_its_other_facts_are_kept_and_answered_and_a_wrong_end_rejects_its_row(api):
    org, project = fresh_project(api)
    log = import_file(api, org, project, (HEADER + ROWS).encode(), "activities.csv")
    assert (log["status"], log["rowsImported"], log["rowsRejected"]) == ("partial", 2, 2), log
    rejected = {r["row"]: r for r in api.as_("admin").get(f"/Util/feedbacklog/{log['logId']}").json["data"]}
    assert (rejected[3]["column"], rejected[3]["message"]) == (
        "ActivityEndDate", "ActivityEndDate '2011-13-11' is not a date: there is no such month (use YYYY-MM-DD or "
                           "M/D/YYYY (two-digit years 69-99 are 1969-1999, 00-68 are 2000-2068)).")
    assert (rejected[4]["column"], rejected[4]["message"]) == (
        "ActivityEndTime/TimeZoneCode", "Unknown time zone 'XYZ': use a WQX time zone code such as EST, CDT or UTC, "
                                        "or an offset from UTC such as UTC+08:00.")

    base = f"/organization/{org}/projects/{project}/activities"
    first = api.get(f"{base}/AE-ACT-1").json
    assert {name: first.get(name) for name in (
        "endDate", "endTime", "endTimeZone", "conductingOrganization", "comment", "hydrologicCondition",
        "hydrologicEvent")} == {
        "endDate": "2011-05-09", "endTime": "12:50:00", "endTimeZone": "CDT", "conductingOrganization": "Wisconsin DNR",
        "comment": "Sampled from the bridge, at low water", "hydrologicCondition": "Stable normal stage",
        "hydrologicEvent": "Routine sample"}
    # An offset is stored in its one spelling, as a start's is; what the file left empty is not there.
    second = api.get(f"{base}/AE-ACT-2").json
    assert (second["endDate"], second["endTime"], second["endTimeZone"]) == ("2011-05-10", "13:00", "UTC-05:00")
    assert "conductingOrganization" not in second and "comment" not in second
    assert api.get(f"{base}/AE-ACT-3").status_code == 404  # its only row was rejected

    # The portal's Activity profile: as written in a WQX zone code; an offset's time in UTC, as WQP clients read it.
    name = api.get(f"/organization/{org}").json["name"]
    response = raw_get(api, f"/wqp/data/Activity/search?organization={name.replace(' ', '%20')}&mimeType=csv")
    assert response.status_code == 200, response.body
    served = {row["ActivityIdentifier"]: row for row in csv.DictReader(io.StringIO(response.body.decode("utf-8")))}
    assert tuple(served["AE-ACT-1"][c] for c in END) == ("2011-05-09", "12:50:00", "CDT")
    assert tuple(served["AE-ACT-2"][c] for c in END) == ("2011-05-10", "18:00:00", "UTC")
    assert served["AE-ACT-1"]["ActivityConductingOrganizationText"] == "Wisconsin DNR"
    assert served["AE-ACT-1"]["HydrologicEvent"] == "Routine sample"

    # The same file again changes no value.
    again = import_file(api, org, project, (HEADER + ROWS).encode(), "activities.csv")
    assert (again["rowsImported"], again["rowsUnchanged"], again["rowsRejected"]) == (0, 2, 2), again
