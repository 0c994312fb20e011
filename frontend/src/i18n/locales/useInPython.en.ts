/** English strings of "Use in Python / R" (shell.useInPython; src/shell/UseInPython.tsx). */
const useInPython = {
  title: 'Use in Python / R',
  stations: 'Stations (WQP address)',
  results: 'Results (WQP address)',
  python: 'Python (dataretrieval)',
  r: 'R',
  copy: 'Copy {{what}}',
  copied: 'Copied.',
  copyFailed: 'Copying failed: select the text and copy it.',
};

export default useInPython;
