"""Which new parameters an import names as no WQX characteristic name, and the closest known name it suggests
(chalicelib/parameters/characteristics.py): close misspellings only, the WQX spelling first, then the project's own
parameters."""
from __future__ import annotations

from chalicelib.parameters import characteristics


def test_a_misspelt_name_is_pointed_to_the_wqx_name_and_a_made_up_one_gets_no_suggestion():
    assert characteristics.not_wqx(["Temprature, water", "Unobtainium", "Temperature, water", "Nitrat",
                                    "Dissolved oxygn", "Water temperature"]) == [
        {"parameter": "Temprature, water", "closest": "Temperature, water"}, {"parameter": "Unobtainium"},
        {"parameter": "Nitrat", "closest": "Nitrate"}, {"parameter": "Dissolved oxygn", "closest": "Dissolved oxygen (DO)"},
        # Not alike enough to guess (a custom name may be meant): said, with nothing suggested.
        {"parameter": "Water temperature"}]


def test_a_wqx_name_in_other_capitals_is_pointed_to_its_wqx_spelling_and_the_projects_parameters_are_known():
    assert characteristics.not_wqx(["PH", "Total Suspended Solids", "My probe temp", "My probe tmp"],
                                   known=["My probe temp", "Secchi"]) == [
        {"parameter": "PH", "closest": "pH"}, {"parameter": "Total Suspended Solids", "closest": "Total suspended solids"},
        {"parameter": "My probe temp"},  # itself is no suggestion
        {"parameter": "My probe tmp", "closest": "My probe temp"}]
    assert characteristics.is_wqx("Specific conductance") and not characteristics.is_wqx("specific conductance")
