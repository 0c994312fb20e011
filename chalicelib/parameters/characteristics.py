"""WQX characteristic names: whether a new parameter's name is one, and the closest known name when it is not.

An import that meets a parameter it does not know creates it (a custom parameter is legitimate); a misspelt name
("Temprature, water") would become a parameter of its own without a word. The import's result names the new
parameters that are no WQX characteristic name of NAMES and suggests the closest known name (difflib, on these
names and the project's own parameters) when one is close.

NAMES is a part of the WQX Characteristic domain (about 22,700 accepted names, most of them chemicals no water
monitoring file names): the characteristics field and laboratory water monitoring commonly measures, each spelt
exactly as the domain spells it (checked against the domain's accepted names, March 2025). So the result says
"no WQX characteristic name this portal knows": a rarer WQX name is pointed out too, and may be kept.
"""
from __future__ import annotations

import difflib
from typing import Iterable

NAMES = (
    '2,4-D', 'Acidity, (H+)', 'Alachlor', 'Aldrin', 'Algae, blue-green (phylum cyanophyta) density', 'Alkalinity',
    'Alkalinity, bicarbonate', 'Alkalinity, carbonate', 'Alkalinity, total', 'Aluminum', 'Ammonia',
    'Ammonia and ammonium', 'Ammonia-nitrogen', 'Ammonium', 'Anatoxin-A', 'Antimony', 'Apparent color', 'Arsenic',
    'Atrazine', 'Barium', 'Barometric pressure', 'Benzene', 'Benzo[a]pyrene', 'Beryllium', 'Bicarbonate',
    'Biochemical oxygen demand, non-standard conditions', 'Biochemical oxygen demand, standard conditions',
    'Biomass, periphyton', 'Boron', 'Bromide', 'Cadmium', 'Caffeine', 'Calcium', 'Carbaryl', 'Carbon dioxide',
    'Carbonaceous biochemical oxygen demand, standard conditions', 'Carbonate', 'Chemical oxygen demand',
    'Chlordane, technical', 'Chloride', 'Chlorine', 'Chlorodibromomethane', 'Chloroform', 'Chlorophyll a',
    'Chlorophyll a, corrected for pheophytin', 'Chlorophyll a, free of pheophytin',
    'Chlorophyll a, uncorrected for pheophytin', 'Chlorophyll b', 'Chlorophyll c', 'Chlorpyrifos', 'Chromium',
    'Chromium(VI)', 'Cloud cover', 'Cobalt', 'Coliphage', 'Color', 'Conductance', 'Conductivity', 'Copper', 'Cyanide',
    'Cylindrospermopsin', 'Density', 'Depth', 'Depth, bottom', 'Depth, data-logger (ported)',
    'Depth, Secchi disk depth', 'Diazinon', 'Dichlorobromomethane', 'Dieldrin', 'Dissolved oxygen (DO)',
    'Dissolved oxygen saturation', 'Endrin', 'Enterococcus', 'Escherichia coli', 'Ethylbenzene', 'Fecal Coliform',
    'Fecal Streptococcus Group Bacteria', 'Fish kill observation', 'Flow', 'Flow rate, instantaneous', 'Fluoride',
    'Glyphosate', 'Gross alpha radioactivity, (Thorium-230 ref std)', 'Gross beta radioactivity, (Cesium-137 ref std)',
    'Hardness, Ca, Mg', 'Hardness, carbonate', 'Hardness, non-carbonate', 'Height, gage', 'Heptachlor', 'Hydroxide',
    'Imidacloprid', 'Inorganic carbon', 'Inorganic nitrogen (NO2, NO3, & NH3)', 'Iodide', 'Iron', 'Kjeldahl nitrogen',
    'Lead', 'Light attenuation at measurement depth', 'Light, photosynthetic active radiation (PAR)', 'Lindane',
    'Lithium', 'Magnesium', 'Malathion', 'Manganese', 'Mercury', 'Methyl tert-butyl ether', 'Methylmercury(1+)',
    'Metolachlor', 'Microcystin', 'Microcystins', 'Molybdenum', 'Naphthalene', 'Nickel', 'Nitrate',
    'Nitrate + Nitrite', 'Nitrite', 'Nitrogen', 'Nitrogen, mixed forms (NH3), (NH4), organic, (NO2) and (NO3)',
    'Oil and Grease', 'Organic carbon', 'Organic Nitrogen', 'Organic phosphorus', 'Orthophosphate',
    'Oxidation reduction potential (ORP)', "p,p'-DDE", "p,p'-DDT", 'Particulate organic carbon',
    'Perfluorooctanesulfonate', 'Perfluorooctanoic acid', 'pH', 'Phenols', 'Pheophytin a', 'Phosphate-phosphorus',
    'Phosphorus', 'Phycocyanin', 'Phycoerythrin', 'Polychlorinated biphenyls', 'Potassium', 'Precipitation',
    'Radium-226', 'Radon-222', 'Relative humidity', 'Salinity', 'Saxitoxin', 'Sediment', 'Selenium',
    'Settleable solids', 'Silica', 'Silicon', 'Silver', 'Simazine', 'Sodium',
    'Sodium adsorption ratio [(Na)/(sq root of 1/2 Ca + Mg)]', 'Solids', 'Soluble Reactive Phosphorus (SRP)',
    'Specific conductance', 'Specific gravity', 'Stream flow', 'Stream flow, instantaneous',
    'Stream flow, mean. daily', 'Stream stage', 'Strontium', 'Sulfate', 'Sulfide', 'Surfactants',
    'Suspended Sediment Concentration (SSC)', 'Tannin and Lignin', 'Temperature', 'Temperature, air',
    'Temperature, sample', 'Temperature, water', 'Tetrachloroethylene', 'Thallium', 'Tidal stage', 'Tide stage (text)',
    'Tin', 'Titanium', 'Toluene', 'Total carbon', 'Total Coliform', 'Total dissolved solids', 'Total fixed solids',
    'Total hardness', 'Total Kjeldahl nitrogen', 'Total Nitrogen, mixed forms', 'Total Particulate Carbon',
    'Total Particulate Nitrogen', 'Total Particulate Phosphorus', 'Total Phosphorus, mixed forms', 'Total solids',
    'Total suspended solids', 'Total volatile solids', 'Toxaphene', 'Transparency, tube with disk',
    'Trichloroethylene', 'Trihalomethanes', 'True color', 'Turbidity', 'Uranium', 'UV 254', 'Vanadium',
    'Water appearance (text)', 'Water level in relation to reference point', 'Width',
    'Wind direction (direction from, expressed 0-360 deg)', 'Wind velocity', 'Xylene', 'Zinc',
)
# How alike a name and a known one must be (difflib's ratio) to suggest it: "Temprature, water" and "Temperature,
# water" 0.97, "Nitrat" and "Nitrate" 0.92, "Dissolved oxygn" and "Dissolved oxygen (DO)" 0.83; "Unobtainium" and
# "Uranium" 0.67 are not alike.
CLOSE = 0.8
_BY_FOLDED = {name.casefold(): name for name in NAMES}


def is_wqx(name: str) -> bool:
    """Whether the name is a WQX characteristic name of NAMES, spelt as WQX spells it."""
    return _BY_FOLDED.get(name.casefold()) == name


def not_wqx(labels: Iterable[str], known: Iterable[str] = ()) -> list[dict]:
    """Of these parameter labels, those that are no WQX characteristic name of NAMES, in their order, each as
    {"parameter": label} with "closest": the closest WQX name or `known` label (the project's parameters) when one is
    close (the WQX spelling of a name written in other capitals: "PH" is pH)."""
    candidates = {**{label.casefold(): label for label in known if label}, **_BY_FOLDED}
    found = []
    for label in labels:
        if is_wqx(label):
            continue
        folded = label.casefold()
        others = [text for text in candidates if text != folded or candidates[text] != label]
        close = difflib.get_close_matches(folded, others, n=1, cutoff=CLOSE)
        found.append({"parameter": label, **({"closest": candidates[close[0]]} if close else {})})
    return found
