/** English strings of the explorer's "Use in Python / R" (explorer.useInPython; the rest: shell.useInPython). */
const useInPython = {
  intro:
    "This portal answers the Water Quality Portal's web services: these addresses and snippets fetch the stations and results of the current filters.",
  notInQuery: 'Not part of the WQP query: {{filters}}.',
  stationType: 'station types',
  q: 'search text',
};

export default useInPython;
