/** English strings of a project's page. */
const projects = {
  /** The page's name in the browser tab: generic, then the project's name and its tab. */
  title: 'Project',
  documentTitle: '{{tab}} · {{project}}',
  back: 'All projects of the organization',
  count: '{{count}} in the project',
  chosen: '{{count}} chosen',
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
    choose: 'Choose stations',
    filter: 'Filter stations',
    noMatch: 'No stations match.',
    more: 'The first {{shown, number}} of {{total, number}} stations are listed: filter by name or identifier to find the others.',
    saved: 'Stations of the project saved ({{count}}).',
  },
  parameters: {
    title: 'Parameters of the project',
    empty: 'No parameters in this project yet.',
    choose: 'Choose parameters',
    filter: 'Filter parameters',
    noMatch: 'No parameters match.',
    more: 'The first {{shown, number}} of {{total, number}} parameters are listed: filter to find the others.',
    saved: 'Parameters of the project saved ({{count}}).',
  },
  activities: {
    search: 'Search activities',
    empty: 'No activities.',
    caption: 'Activities ({{count}})',
    id: 'Activity',
    type: 'Type',
    station: 'Station',
    date: 'Start',
    pages: 'Activity pages',
  },
  imports: {
    coming: 'Imports are coming: data files for this project will be uploaded here.',
  },
};

export default projects;
