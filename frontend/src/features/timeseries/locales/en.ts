/** English strings of logger data (time series) and import sources (merged into the app's resources under `timeseries`). */
const timeseries = {
  panel: {
    heading: 'Logger data',
    series: 'Series',
    option: '{{name}}, {{unit}}: {{count}} values',
  },
  chart: {
    title: 'Logger data: {{name}}',
    failed: 'The logger data could not be loaded: {{message}}',
    whole: 'Show the whole period',
    level: {
      raw: 'Values as measured: {{points}} of {{count}}. Zoom out for hourly, daily or monthly means.',
      hour: 'Hourly means of {{count}} values ({{points}} hours). Zoom in to see the values as measured.',
      day: 'Daily means of {{count}} values ({{points}} days). Zoom in for hours, then the values as measured.',
      month: 'Monthly means of {{count}} values ({{points}} months). Zoom in for days, hours and the values as measured.',
    },
  },
  project: {
    tab: 'Logger data',
    series: 'Series of this project',
    noSeries: 'No logger data yet: import a logger file or a USGS Water Services file, push values with an API key, or add a source below.',
    station: 'Station',
    parameter: 'Parameter',
    unit: 'Unit',
    count: 'Values',
    first: 'First',
    last: 'Last',
    sources: 'Import sources',
    noSources: 'No import sources yet.',
    name: 'Name',
    url: 'URL',
    format: 'Format',
    schedule: 'Schedule',
    enabled: 'Enabled',
    enabledFor: '{{name}} runs on its schedule',
    lastResult: 'Last result',
    add: 'Add source',
    runNow: 'Run now',
    never: 'Not run yet',
    formats: { 'usgs-json': 'USGS Water Services (JSON)', 'ts-wide': 'Logger CSV (wide)', 'ts-long': 'Time-series CSV (long)', 'wqp-result': 'Water Quality Portal results', 'wqx3-result': 'WQX 3 results', 'wqp-station': 'Water Quality Portal stations', template: 'Open Water Data template' },
    schedules: { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' },
    statuses: { queued: 'Import queued', unchanged: 'Nothing new', failed: 'Failed' },
    addFailed: 'The source could not be added: {{message}}',
  },
};

export default timeseries;
