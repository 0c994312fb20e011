/** English strings of the station pages (merged into the app's resources under `stations`). */
const stations = {
  notFound: {
    title: 'Station not found',
    message: 'No station has the id “{{id}}”: it may have been removed, or the link is incomplete.',
    back: 'Back to the explorer',
  },
  back: '← Back to the explorer',
  tabs: 'Station views',
  /** The station's views named in the browser tab. */
  pageTitle: { chart: 'Station chart', info: 'Station information' },
  /** The station could not be loaded (the page keeps its way back and its tabs): said over what happened. */
  loadFailed: 'The station could not be loaded.',
  /** The heading while the station's name is unknown. */
  station: 'Station',
  chart: {
    tab: 'Chart',
    title: 'Time series of {{names}}',
    parameters: 'Parameters',
    noParameters: 'This station has no measured parameters yet.',
    /** A station without samples whose logger series (the panel under the chart) hold its values. */
    noSampledParameters: 'No sampled parameters yet; its logger series are charted below.',
    /** The time axis's title of logger data: the zone it is drawn in, the browser's (logger values carry no zone of their own). */
    timeAxisLocalZone: 'Time ({{zone}}, this browser’s zone)',
    dateRange: 'Date range',
    from: 'From',
    to: 'To',
    failed: 'The series could not be loaded: {{message}}',
    noData: 'No values in this date range.',
    loadingSeries: 'Loading {{names}}…',
    flagged: '{{name}}: flagged values',
    tools: 'Chart tools',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    resetZoom: 'Reset zoom',
    howToZoom: 'Shift + wheel zooms, dragging pans; on the focused chart, arrows pan, + and − zoom, 0 resets.',
    /** The same on a touch screen (a phone): what fingers do (pinch zooms the time axis, dragging pans it). */
    howToZoomTouch: 'Pinch or spread two fingers sideways to zoom, drag sideways to pan; the buttons above work too.',
    downloadPng: 'Download PNG',
    /** The downloaded PNG's heading: the station, its parameters, the time range shown. */
    stationLabel: '{{name}} ({{identifier}})',
    imageTitle: '{{station}}: {{names}}',
    imagePeriod: '{{from}} – {{to}}',
    /** The PNG's period, in the zone the axis is written in. */
    imagePeriodInZone: '{{from}} – {{to}} ({{zone}})',
    /** The same when the values were written in several zones (timeAxisEachZone). */
    imagePeriodInEachZone: '{{from}} – {{to}} (each value in its own zone: {{zones, list}})',
    /** The time axis's title when its times are in the zone the values were written in (a WQX code: CDT). */
    timeAxisZone: 'Time ({{zone}})',
    /** The same when the values were written in several zones (CDT, and UTC from another source): each is drawn at its
     * time as written, in its own zone. */
    timeAxisEachZone: 'Time (each value in its own zone: {{zones, list}})',
    downloadCsv: 'Download CSV',
    /** The CSV download's button while the server prepares the export. */
    preparingCsv: 'Preparing CSV…',
    csvFailed: 'The CSV could not be downloaded: {{message}}',
    summary: 'Series shown',
    parameter: 'Parameter',
    unit: 'Unit',
    points: 'Values',
    first: 'First',
    last: 'Last',
    min: 'Minimum',
    max: 'Maximum',
    latest: 'Latest',
    flags: 'Flagged',
    /** The Values of a series with results without a number (non-detects: not detected, or beyond a limit), which
     * the line leaves out: all without a detection limit (not drawn), all with one (drawn there, flagged), or some. */
    valuesNotDrawn_one: '{{count, number}} value, {{noNumber, number}} not detected (not drawn)',
    valuesNotDrawn_other: '{{count, number}} values, {{noNumber, number}} not detected (not drawn)',
    valuesAtLimit_one: '{{count, number}} value, {{noNumber, number}} not detected (drawn at the detection limit)',
    valuesAtLimit_other: '{{count, number}} values, {{noNumber, number}} not detected (drawn at the detection limit)',
    valuesSomeNotDrawn_one: '{{count, number}} value, {{noNumber, number}} not detected ({{notDrawn, number}} not drawn)',
    valuesSomeNotDrawn_other: '{{count, number}} values, {{noNumber, number}} not detected ({{notDrawn, number}} not drawn)',
    /** The Flagged of a series some of whose flagged values are not drawn (not detected, without a limit). */
    flaggedNotDrawn: '{{count, number}} ({{notDrawn, number}} not drawn)',
    /** A tooltip's value of a result without a number, drawn at its detection limit. */
    /** A tooltip's line of a value: the series (its name and unit), the value. */
    tooltipValue: '{{label}}: {{value}}',
    noNumberValue: 'no number reported (drawn at the detection limit, {{limit}})',
    /** A parameter's series of one sample fraction, when its values hold more than one (Dissolved, Total). */
    fractionName: '{{name}} ({{fraction}})',
    /** The summary's column of buttons (Delete values…), named for assistive technology only. */
    actions: 'Actions',
  },
  /** Deleting values recorded by mistake (data contributors): the dialog of the station chart and of logger series. */
  deleteValues: {
    open: 'Delete values…',
    /** The button of one parameter's row in the summary. */
    openFor: 'Delete values of {{name}}…',
    title: 'Delete values of {{name}}',
    period: 'Period',
    from: 'From',
    to: 'To',
    allHint: 'Leave both dates empty to delete every value.',
    wholeSeriesHint: 'Leave both dates empty to delete the whole series.',
    /** What goes: by the period's ends (both, the start, the end, neither). */
    warning: {
      between: 'The values of {{name}} at {{station}} from {{from}} to {{to}} will be deleted.',
      from: 'The values of {{name}} at {{station}} from {{from}} on will be deleted.',
      to: 'The values of {{name}} at {{station}} up to {{to}} will be deleted.',
      all: 'Every value of {{name}} at {{station}} will be deleted.',
      wholeSeries: 'The whole logger series {{name}} at {{station}} will be deleted, every value of it: it then leaves the list of series.',
    },
    /** After the warning of a period of a logger series. */
    emptiedSeries: 'A series left without values leaves the list.',
    cannotUndo: 'This cannot be undone.',
    confirm: 'Delete values',
    deleting: 'Deleting…',
    deleted_one: '{{count, number}} value deleted.',
    deleted_other: '{{count, number}} values deleted.',
    noneInPeriod: 'No values in this period.',
    none: 'There were no values to delete.',
    failed: 'The values could not be deleted: {{message}}',
  },
  info: {
    tab: 'Info',
    metadata: 'Station metadata',
    identifier: 'Identifier',
    name: 'Name',
    organization: 'Organization',
    stationType: 'Station type',
    monitoringLocationType: 'Monitoring location type',
    position: 'Latitude, longitude',
    horizontalDatum: 'Horizontal datum',
    /** The station's elevation, drainage area and contributing drainage area (shown when recorded). */
    elevation: 'Elevation',
    drainageArea: 'Drainage area',
    contributingDrainageArea: 'Contributing drainage area',
    /** A value and its unit: "160 feet". */
    measure: '{{value}} {{unit}}',
    /** An elevation above its vertical datum: "160 feet (NGVD29)". */
    elevationAbove: '{{value}} {{unit}} ({{datum}})',
    /** After the elevation: how it was found ("Interpolated from topographic map."). */
    elevationMethod: 'Method: {{method}}',
    /** The units an elevation or an area is given in (WQX codes; chalicelib/reference ELEVATION_UNITS, AREA_UNITS). */
    units: {
      ft: 'ft',
      feet: 'feet',
      m: 'm',
      meters: 'meters',
      'sq mi': 'sq mi',
      acres: 'acres',
      'sq km': 'sq km',
      ha: 'ha',
    },
    huc8: 'Hydrologic unit (HUC8)',
    huc12: 'Hydrologic unit (HUC12)',
    county: 'County (FIPS)',
    samples: 'Samples',
    /** After "Samples: 0" for a station whose values are logger series: a link to the Chart tab. */
    loggerSeriesOnChart_one: '{{count, number}} logger series on the Chart tab',
    loggerSeriesOnChart_other: '{{count, number}} logger series on the Chart tab',
    period: 'Sampled',
    description: 'Description',
    none: 'Not recorded',
    map: 'Map of the station',
    projects: 'Projects',
    noProjects: 'This station belongs to no project.',
    parameters: 'Parameters',
    noParameters: 'No parameter has been measured here yet.',
    /** A station whose only values are logger series (they are on the Chart tab). */
    noSampledParameters: 'No parameter has been sampled here yet; its logger series are on the Chart tab.',
    parameter: 'Parameter',
    unit: 'Unit',
    firstDate: 'First sample',
    lastDate: 'Last sample',
    useInPython:
      "This portal answers the Water Quality Portal's web services: these addresses and snippets fetch this station and its results.",
  },
};

export default stations;
