/** English: the reference language. Every key here must exist in every other language. */
const en = {
  app: {
    name: 'Open Water Data',
  },
  common: {
    loading: 'Loading...',
    goHome: 'Go to the home page',
  },
  language: {
    label: 'Language',
  },
  system: {
    info: {
      label: 'System information',
      version: 'Version',
      stage: 'Stage',
      buildTime: 'Build time',
      notRecorded: 'Not recorded',
    },
  },
  errors: {
    notFound: {
      title: 'Page not found',
      message: 'There is no page at {{url}}.',
    },
    route: {
      title: 'Something went wrong',
    },
  },
};

export default en;
