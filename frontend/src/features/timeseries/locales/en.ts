/** English strings of logger data (time series) and import sources (merged into the app's resources under `timeseries`). */
const timeseries = {
  panel: {
    sensor: 'sensor {{sensor}}',
    heading: 'Logger data',
    series: 'Series',
    option: '{{name}}, {{unit}}: {{count}} values',
    /** A series without a unit (such as pH). */
    optionNoUnit: '{{name}}: {{count}} values',
    /** The button under the series (its text is stations.deleteValues.open): for the series chosen. */
    deleteValuesFor: 'Delete values of the logger series {{name}}…',
  },
  chart: {
    title: 'Logger data: {{name}}',
    failed: 'The logger data could not be loaded: {{message}}',
    downloadCsv: 'Download logger data (CSV)',
    preparingCsv: 'Preparing CSV…',
    csvFailed: 'The CSV could not be downloaded: {{message}}',
    csvUnreadable: 'The server answered neither a CSV file nor where to find it.',
    csvNotReady: 'The file is still being written. Please try again in a few minutes.',
    /** In the tooltip of a flagged point: a value outside the plausible range; a mean holding such values, how many. */
    outOfRange: 'flagged: out of plausible range',
    outOfRangeInMean_one: 'flagged: {{count, number}} value out of plausible range',
    outOfRangeInMean_other: 'flagged: {{count, number}} values out of plausible range',
    /** Under the chart when values as measured are flagged: the triangle is how the chart draws them. */
    flaggedNote_one: "△ Flagged: {{count, number}} value outside the parameter's plausible range.",
    flaggedNote_other: "△ Flagged: {{count, number}} values outside the parameter's plausible range.",
    level: {
      raw: 'Values as measured: {{points}} of {{count}}.',
      /** Zoomed in, where zooming out gives means. */
      rawZoomOut: 'Values as measured: {{points}} of {{count}}. Zoom out for hourly, daily or monthly means.',
      none: 'There are no values in this range.',
      /** Zoomed into a gap of a range that has values. */
      noneZoomOut: 'There are no values in this range. Zoom out to see the values around it.',
      hour: 'Hourly means of {{count}} values ({{points}} hours). Zoom in to see the values as measured.',
      day: 'Daily means of {{count}} values ({{points}} days). Zoom in for hours, then the values as measured.',
      month: 'Monthly means of {{count}} values ({{points}} months). Zoom in for days, hours and the values as measured.',
    },
  },
  project: {
    tab: 'Logger data',
    series: 'Series of this project',
    noSeries: 'No logger data yet.',
    /** For those who may add data: how to. */
    noSeriesHowTo: 'No logger data yet: import a logger file or a USGS Water Services file, push values with an API key, or add a source below.',
    seriesTable: 'Series table',
    importFile: 'Import a logger file',
    drop: 'Drop a logger CSV file or a USGS Water Services JSON file here (or a .zip / .gz of one), or choose it',
    station: 'Station',
    parameter: 'Parameter',
    unit: 'Unit',
    count: 'Values',
    first: 'First',
    last: 'Last',
    /** The headers when the times are known: the zone they are shown in (the browser's), as the station chart's axis names its zone. */
    firstInZone: 'First ({{zone}})',
    lastInZone: 'Last ({{zone}})',
    sources: 'Import sources',
    sourcesHelp: 'Each source is fetched on its schedule and imported when its answer has changed. If a scheduled run starts failing, whoever added the source is emailed (unless they turned that off in their profile).',
    noSources: 'No import sources yet.',
    sourcesTable: 'Import sources table',
    name: 'Name',
    url: 'URL',
    nameRequired: 'Enter a name of at most {{max}} characters.',
    urlRequired: 'Enter the URL to fetch.',
    urlInvalid: 'The URL must be an http(s) address, for example https://waterservices.usgs.gov/nwis/iv/?sites=01491000&format=json.',
    format: 'Format',
    schedule: 'Schedule',
    enabled: 'Enabled',
    enabledFor: '{{name}} runs on its schedule',
    lastResult: 'Last result',
    /** A source's last result: its status, then what the import said. */
    lastResultText: '{{status}}: {{message}}',
    add: 'Add source',
    runNow: 'Run now',
    running: 'Fetching…',
    never: 'Not run yet',
    formats: { auto: 'Recognise from the file', 'usgs-json': 'USGS Water Services (JSON)', 'ts-wide': 'Logger CSV (wide)', 'ts-long': 'Time-series CSV (long)', 'wqp-result': 'Water Quality Portal results', 'wqx3-result': 'WQX 3 results', 'wqp-station': 'Water Quality Portal stations', template: 'Open Water Data template' },
    schedules: { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' },
    statuses: { queued: 'Import queued', unchanged: 'Nothing new', succeeded: 'Imported', partial: 'Imported with rejected rows', failed: 'Failed', cancelled: 'Cancelled' },
    addFailed: 'The source could not be added: {{message}}',
    actions: 'Actions',
    edit: 'Edit',
    editFor: 'Edit {{name}}',
    editTitle: 'Edit import source {{name}}',
    save: 'Save',
    cancel: 'Cancel',
    saveFailed: 'The source could not be saved: {{message}}',
    delete: 'Delete',
    deleteFor: 'Delete {{name}}',
    deleteTitle: 'Delete import source',
    deleteMessage: 'Delete the import source {{name}}? It is no longer fetched; the values it imported stay.',
    deleted: 'Import source {{name}} deleted.',
    /** A series' row: its button (its text is stations.deleteValues.open) names the series and its station. */
    deleteValuesFor: 'Delete values of {{name}} at {{station}}…',
  },
};

export default timeseries;
