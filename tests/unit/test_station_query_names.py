"""The explorer passes on from its address only the names POST /statistic takes: its list is the server's."""
import re
from pathlib import Path

from chalicelib.statistics.service import QUERY_KEYS

FILTERS_TS = Path(__file__).resolve().parents[2] / "frontend" / "src" / "features" / "explorer" / "lib" / "filters.ts"


def test_the_explorers_list_of_station_query_names_is_the_servers():
    text = FILTERS_TS.read_text(encoding="utf-8")
    listed = re.search(r"STATION_QUERY_NAMES: readonly string\[\] = \[(.*?)\];", text, re.S).group(1)
    assert set(re.findall(r"'([^']+)'", listed)) == set(QUERY_KEYS)
