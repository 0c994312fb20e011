"""The demo data generator: deterministic, plausible, and able to leave series out for large maps."""
import statistics

from devtools.demo_data import PARAMETERS, generated_stations

ORG = "6f1f3c4e-8a43-4b0c-9d7e-2f5a1c0b7d01"


def test_the_same_seed_gives_the_same_stations_and_values():
    first = list(generated_stations(ORG, 50))
    again = list(generated_stations(ORG, 50))
    assert first == again
    assert len({fields["id"] for fields, _ in first}) == 50


def test_stations_lie_in_the_united_states_with_their_codes():
    for fields, series in generated_stations(ORG, 300):
        assert 18 <= fields["latitude"] <= 71 and -170 <= fields["longitude"] <= -66
        assert len(fields["huc8"]) == 8 and fields["huc12"].startswith(fields["huc8"])
        assert fields["countyFips"].startswith(fields["stateFips"]) and len(fields["countyFips"]) == 5
        labels = [label for label, _, _ in series]
        assert {"Temperature, water", "pH"} <= set(labels)
        assert set(labels) <= {p[0] for p in PARAMETERS}


def test_values_are_plausible_and_water_is_warmer_in_summer():
    summer, winter = [], []
    for _, series in generated_stations(ORG, 200):
        for label, unit, points in series:
            values = [v for _, v in points]
            if label == "pH":
                assert unit == "std units" and all(5.5 <= v <= 9.5 for v in values)
            if label == "Temperature, water":
                assert all(0 <= v <= 40 for v in values)
                summer += [v for day, v in points if day.month in (7, 8)]
                winter += [v for day, v in points if day.month in (1, 2)]
            if label == "Dissolved oxygen (DO)":
                assert all(0.5 <= v <= 16 for v in values)
    assert statistics.mean(summer) > statistics.mean(winter) + 5


def test_only_the_first_stations_get_series_when_asked():
    stations = list(generated_stations(ORG, 30, series_stations=10))
    assert all(series for _, series in stations[:10])
    assert not any(series for _, series in stations[10:])
    assert not any(series for _, series in generated_stations(ORG, 5, with_series=False))


def test_no_generated_sample_lies_in_the_future():
    from datetime import date

    days = [day for _, series in generated_stations(ORG, 2000) for _, _, points in series for day, _ in points]
    assert max(days) <= date.today()
    assert min(days) >= date(2012, 1, 1)
