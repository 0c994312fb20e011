/** English strings of a project's page. */
const projects = {
  /** The page's name in the browser tab: generic, then the project's name and its tab. */
  title: 'Project',
  documentTitle: '{{tab}} · {{project}}',
  back: 'All projects of the organization',
  loadFailed: 'The project could not be loaded.',
  /** The server knows no project of that id (404): it never existed, or it was deleted. */
  notFound: {
    title: 'Project not found',
    message: 'No project has the id “{{id}}”: it does not exist, or it was deleted.',
    back: 'Back to the projects of the organization',
  },
  /** How many the project holds, under its list: its stations, or its parameters. */
  count: {
    stations_one: '{{count}} station in the project',
    stations_other: '{{count}} stations in the project',
    parameters_one: '{{count}} parameter in the project',
    parameters_other: '{{count}} parameters in the project',
  },
  chosen: '{{count}} chosen',
  /** The checklist's answer for the filter is on its way. */
  searching: 'Searching…',
  /** The way to the Imports tab, under an empty list (to those who may import). */
  importData: 'Import data into this project',
  tabs: {
    label: 'Project sections',
    stations: 'Stations',
    parameters: 'Parameters',
    activities: 'Activities',
    imports: 'Imports',
  },
  stations: {
    title: 'Stations of the project',
    empty: 'No stations in this project yet.',
    /** Where a project's stations come from, said under the empty list (to those who may add them, and to the others). */
    whereFrom:
      'Stations belong to the organization: create them in its Stations tab, then choose them here with “Choose stations”. An import adds them too: each row with a new station identifier and its Latitude and Longitude creates that station in this project.',
    whereFromReader:
      'Stations belong to the organization. Its data contributors and group administrators add them to this project: they choose them among the organization’s stations, or import a file whose rows give each new station’s Latitude and Longitude.',
    organizationStations: 'The organization’s stations',
    choose: 'Choose stations',
    filter: 'Filter stations',
    noMatch: 'No stations match.',
    more: 'The first {{shown, number}} of {{total, number}} stations are listed: filter by name or identifier to find the others.',
    saved: 'Stations of the project saved ({{count}}).',
    loadFailed: 'The stations of the project could not be loaded.',
  },
  parameters: {
    title: 'Parameters of the project',
    empty: 'No parameters in this project yet.',
    /** Where a project's parameters come from, said under the empty list (to those who may add them, and to the others). */
    whereFrom:
      'Choose them among the portal’s parameters with “Choose parameters”. An import adds them too: the parameters its rows name are added to this project.',
    whereFromReader:
      'The organization’s data contributors and group administrators add parameters to this project: they choose them among the portal’s parameters, or import a file, which adds the parameters its rows name.',
    choose: 'Choose parameters',
    filter: 'Filter parameters',
    noMatch: 'No parameters match.',
    more: 'The first {{shown, number}} of {{total, number}} parameters are listed: filter to find the others.',
    saved: 'Parameters of the project saved ({{count}}).',
    loadFailed: 'The parameters of the project could not be loaded.',
  },
  activities: {
    loadFailed: 'The activities could not be loaded.',
    search: 'Search activities',
    searching: 'Searching…',
    searchState: 'State of the search',
    empty: 'No activities.',
    /** Where activities come from, said under the empty list (to those who may import, and to the others). */
    whereFrom:
      'Imports make them: importing a results file (or the Open Water Data template) makes one activity per visit, a station at a date and time.',
    whereFromReader:
      'Imports make them: when the organization’s data contributors or group administrators import a results file (or the Open Water Data template), it makes one activity per visit, a station at a date and time.',
    caption: 'Activities ({{count}})',
    id: 'Activity',
    type: 'Type',
    station: 'Station',
    date: 'Start',
    pages: 'Activity pages',
  },
  activity: {
    /** The browser tab's title while an activity is open. */
    documentTitle: 'Activity {{activity}} · {{project}}',
    back: 'Back to the activities',
    title: 'Activity {{id}}',
    details: 'Details of the activity',
    type: 'Type',
    media: 'Medium',
    mediaSubdivision: 'Medium subdivision',
    start: 'Start',
    end: 'End',
    station: 'Station',
    conductingOrganization: 'Conducting organization',
    hydrologicCondition: 'Hydrologic condition',
    hydrologicEvent: 'Hydrologic event',
    comment: 'Comment',
    results: 'Values measured',
    caption: 'Values of activity {{id}} ({{count}})',
    parameter: 'Parameter',
    value: 'Value',
    unit: 'Unit',
    detectionCondition: 'Detection condition',
    fraction: 'Sample fraction',
    status: 'Result status',
    time: 'Time',
    noResults: 'This activity has no values stored.',
  },
  imports: {
    coming: 'Imports are coming: data files for this project will be uploaded here.',
    /** The Imports tab reached by a member who may not import (a link, or a role changed meanwhile). */
    notAllowed: 'Only data contributors and group administrators of the organization can import data into this project.',
    toFirstTab: 'Go to the stations of the project',
  },
};

export default projects;
