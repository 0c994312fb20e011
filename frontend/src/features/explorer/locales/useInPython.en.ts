/** English strings of "Use in Python / R" (explorer.useInPython). */
const useInPython = {
  title: 'Use in Python / R',
  intro:
    "This portal answers the Water Quality Portal's web services: these addresses and snippets fetch the stations and results of the current filters.",
  stations: 'Stations (WQP address)',
  results: 'Results (WQP address)',
  python: 'Python (dataretrieval)',
  r: 'R',
  copy: 'Copy {{what}}',
  copied: 'Copied.',
  copyFailed: 'Copying failed: select the text and copy it.',
  notInQuery: 'Not part of the WQP query: {{filters}}.',
  stationType: 'station types',
  q: 'search text',
};

export default useInPython;
