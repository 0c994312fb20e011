/** English strings of a project's page. */
const projects = {
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
    saved: 'Stations of the project saved ({{count}}).',
  },
  parameters: {
    title: 'Parameters of the project',
    empty: 'No parameters in this project yet.',
    choose: 'Choose parameters',
    filter: 'Filter parameters',
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
