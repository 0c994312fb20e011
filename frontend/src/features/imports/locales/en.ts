/** English strings of a project's imports. */
const imports = {
  title: 'Import data',
  drop: 'Drop a CSV file here (or .zip / .gz of one), or choose it',
  choose: 'Choose a file',
  chosen: 'Chosen: {{name}} ({{size}})',
  format: 'Format',
  formats: {
    auto: 'Recognise from the header',
    'wqp-result': 'WQP result profile (WQX 2 columns)',
    'wqx3-result': 'WQP result profile (WQX 3 columns)',
    'wqp-station': 'WQP station profile',
    template: 'Open Water Data template',
  },
  /** The zone of the rows that give a time without one (most spreadsheets have no time zone column). */
  timeZone: {
    label: 'Time zone of times without one',
    /** The first choice: nothing sent, such times are read as UTC (as before there was a choice). */
    none: 'None: read as UTC',
    hint: 'For files whose times have no time zone column, such as most spreadsheets. Rows that give their own zone keep it.',
    /** In an import's result, when a zone was chosen with its file. */
    readAs: 'Times without a zone read as: {{zone}}',
  },
  dryRun: 'Only check the file (write nothing)',
  start: 'Import',
  /** The button while "Only check the file" is ticked: it writes nothing. */
  startCheck: 'Check file',
  /** Under a check's result (the box is cleared once a check is sent): the same file, imported for real. */
  checked: {
    offer: 'Checked: nothing written. Import it now?',
    importNow: 'Import {{file}}',
  },
  uploading: 'Uploading: {{sent}} of {{total}}',
  /** Before the server has said how much of the file it holds (a new upload, or one resumed after a lost connection). */
  uploadPreparing: 'Uploading {{total}}: preparing…',
  uploadProgress: 'Upload',
  importProgress: 'Import',
  rowsRead: '{{rows}} rows read',
  rowsOf: '{{done}} of {{total}} rows',
  done: '{{percent}} done',
  /** An upload's or an import's time left, after what is done ("Uploading: 2 MB of 9 MB · about 3 min left"). */
  minutesLeft: 'about {{minutes}} min left',
  lessThanAMinuteLeft: 'less than a minute left',
  /** The rows' time left of an import that updates the station summaries after its rows (that takes a while more). */
  rowsMinutesLeft: 'about {{minutes}} min left for the rows, then the station summaries are updated',
  rowsLessThanAMinuteLeft: 'less than a minute left for the rows, then the station summaries are updated',
  /** Under a long import's progress: the server emails its sender how it ended (two minutes or more). */
  emailWhenEnded: 'You may leave this page: the import goes on without it, and you will get an email saying how it ended.',
  /**
   * A running import that has not moved for a while (its worker stopped: the queue hands the import to a new one,
   * which continues from the last rows written). True whether that takes a minute or a quarter of an hour.
   */
  stalled_one: 'No progress for {{count, number}} min: the import continues by itself, within minutes, once its worker restarts. Nothing is lost.',
  stalled_other: 'No progress for {{count, number}} min: the import continues by itself, within minutes, once its worker restarts. Nothing is lost.',
  /** Said once (screen readers) when an import stops moving: the visible line's minutes are not announced each minute. */
  stalledAnnounced: 'The import has made no progress for a while. It continues by itself, within minutes, once its worker restarts. Nothing is lost.',
  /** Every row done, the import not ended yet: what it does meanwhile. */
  finishing: {
    /** It wrote values: the summaries of their stations and series are updated. */
    summaries: 'updating the summaries of the stations',
    /** A dry run: nothing was written, nothing to update. */
    check: 'finishing the check',
    /** No values were written (every row rejected or unchanged, or a station file): no summaries to update. */
    other: 'finishing',
  },
  /**
   * A cancelled import whose worker is still on it: it finishes the rows it was writing, then updates the summaries
   * of their stations (a while; the count still rises) before the counts are final.
   */
  stopping: {
    summaries: 'finishing the rows being written and updating the station summaries',
    /** A dry run: nothing written, no summaries. */
    check: 'finishing the rows being checked',
    /** A station file: no summaries to update. */
    other: 'finishing the rows being written',
  },
  cancel: 'Cancel the import',
  emptyFile: 'The file is empty. Choose a file with a header row and data rows.',
  /** Between the file's name and its status in the result's heading ("results.csv: Imported"). */
  afterFileName: ': ',
  status: {
    queued: 'Queued',
    running: 'Importing',
    succeeded: 'Imported',
    partial: 'Imported with rejected rows',
    failed: 'Failed',
    cancelled: 'Cancelled',
    /** Cancelled, its worker still counting the rows it was writing: the counts are not final yet. */
    stopping: 'Stopping…',
    /** Ended, its worker still on it (updating summaries): the counts are not final yet. */
    finishing: 'Finishing…',
  },
  /** A dry run's status: the file was only checked, nothing was (or will be) written. */
  checkStatus: {
    queued: 'Queued (check only)',
    running: 'Checking',
    succeeded: 'Checked (nothing written)',
    partial: 'Checked: some rows would be rejected (nothing written)',
    failed: 'Check failed',
    cancelled: 'Check cancelled',
    stopping: 'Stopping the check…',
    finishing: 'Finishing the check…',
  },
  /** rowsImported and rowsUnchanged count values written (a row of two parameter columns is two values); rowsRejected counts rows. */
  counts: {
    label: 'Result',
    rowsImported: 'Values imported',
    rowsUnchanged: 'Values unchanged (already stored)',
    rowsRejected: 'Rows rejected',
    stationsCreated: 'Stations created',
    parametersCreated: 'Parameters created',
    /** Rows that give a time of day but no time zone: the time was read as UTC (shown only when there are any). */
    rowsWithoutTimeZone: 'Rows with a time but no time zone (read as UTC)',
    /** Of the values imported, those that replaced a stored value (shown only when there are any). */
    rowsReplaced: 'Of these, stored values corrected',
    /** Values given in another unit than their parameter's, converted to it (shown only when there are any). */
    rowsConverted: "Values converted to their parameter's unit",
    /** A station file: its counts are of stations. */
    stations: {
      rowsImported: 'Stations imported (new or changed)',
      rowsUnchanged: 'Stations unchanged (already stored)',
      rowsReplaced: 'Of these, stored stations changed',
    },
  },
  /** A count's label and the units converted: "Values converted to their parameter's unit (mS/cm → uS/cm)". */
  unitsConverted: {
    label: '{{label}} ({{units}})',
    separator: ', ',
  },
  /** The names of the new parameters under the counts: a misspelt name in the file shows before it is written. */
  newParameters: {
    check: 'New parameters this file would create: {{names}}. A misspelt name would become a parameter of its own: correct the file before importing it.',
    written: 'New parameters created: {{names}}.',
    separator: ', ',
    more: '(and {{count}} more)',
  },
  /** Of the new parameters, those whose names are no WQX characteristic name: the rows are taken all the same. */
  notWqx: {
    label: 'New parameters that are not WQX characteristic names',
    closest: "New parameter '{{name}}' is not a WQX characteristic name this portal knows: did you mean '{{closest}}'?",
    none: "New parameter '{{name}}' is not a WQX characteristic name this portal knows: check its spelling, or keep it as a parameter of your own.",
    /** What to do about a misspelt name: before importing (a check), or after (its parameter and values exist). */
    fixBefore: 'Correct a misspelt name in the file before importing it.',
    fixAfter: "To correct a misspelt name: rename the parameter in the organization's Parameters tab, or delete its values (Delete values on the station's chart) and import the file again with the name corrected.",
  },
  checkCounts: {
    rowsImported: 'Values that would be imported',
    rowsUnchanged: 'Values unchanged (already stored)',
    rowsRejected: 'Rows that would be rejected',
    stationsCreated: 'Stations that would be created',
    parametersCreated: 'Parameters that would be created',
    rowsWithoutTimeZone: 'Rows with a time but no time zone (would be read as UTC)',
    rowsReplaced: 'Of these, stored values that would be corrected',
    rowsConverted: "Values that would be converted to their parameter's unit",
    stations: {
      rowsImported: 'Stations that would be imported (new or changed)',
      rowsUnchanged: 'Stations unchanged (already stored)',
      rowsReplaced: 'Of these, stored stations that would be changed',
    },
  },
  /** An import's outcome in a line (the history), the parts joined by " · ". */
  outcome: {
    readNoRow: 'Failed before any row was read: nothing was written',
    checkedNoRow: 'Failed before any row was checked',
    valuesImported_one: '{{count, number}} value imported',
    valuesImported_other: '{{count, number}} values imported',
    valuesToImport_one: '{{count, number}} value to import',
    valuesToImport_other: '{{count, number}} values to import',
    stationsImported_one: '{{count, number}} station imported',
    stationsImported_other: '{{count, number}} stations imported',
    stationsToImport_one: '{{count, number}} station to import',
    stationsToImport_other: '{{count, number}} stations to import',
    /** The values (or stations) imported, and how many of them corrected stored ones. */
    corrected: '{{imported}} ({{count, number}} corrected)',
    toCorrect: '{{imported}} ({{count, number}} to correct)',
    unchanged_one: '{{count, number}} unchanged',
    unchanged_other: '{{count, number}} unchanged',
    rowsRejected_one: '{{count, number}} row rejected',
    rowsRejected_other: '{{count, number}} rows rejected',
    rowsToReject_one: '{{count, number}} row to reject',
    rowsToReject_other: '{{count, number}} rows to reject',
    /** Rows whose time was read as UTC, as they give no time zone (named only when there are any). */
    withoutTimeZone_one: '{{count, number}} row without a time zone (read as UTC)',
    withoutTimeZone_other: '{{count, number}} rows without a time zone (read as UTC)',
    /** Values converted to their parameter's unit (named only when there are any). */
    converted_one: "{{count, number}} value converted to its parameter's unit",
    converted_other: "{{count, number}} values converted to their parameter's unit",
    toConvert_one: "{{count, number}} value to convert to its parameter's unit",
    toConvert_other: "{{count, number}} values to convert to their parameter's unit",
  },
  rejected: {
    /** The problems listed (a row with two bad cells has two) and the rows they are in (the result's "Rows rejected"). */
    caption: '{{problems}} in {{rows}}',
    problems_one: '{{count, number}} problem',
    problems_other: '{{count, number}} problems',
    rows_one: '{{count, number}} rejected row',
    rows_other: '{{count, number}} rejected rows',
    /** Row numbers are the file's data rows: the header is not counted, a quoted cell over several lines is one row. */
    rowHint: 'Rows are counted from the first row after the header: row 1 here is row 2 in a spreadsheet.',
    pages: 'Pages of the rejected rows',
    row: 'Row',
    column: 'Column',
    value: 'Value',
    message: 'Reason',
    download: 'Download the rejected rows (CSV)',
  },
  history: {
    caption: 'Imports of this project',
    empty: 'No imports yet.',
    forbidden: "You do not have access to this project's imports.",
    loadFailed: 'The imports of this project could not be loaded.',
    checkOnly: 'Check only',
    pages: 'Pages of the imports',
    file: 'File',
    when: 'Started',
    status: 'Status',
    outcome: 'Result',
    show: 'Show',
    /** The Show button's name: which import it shows. */
    showImport: 'Show: {{file}}, {{when}}',
  },
  latest: {
    title: 'Latest imports',
    empty: 'No imports yet in your projects.',
    item: '{{project}} · {{when}}',
  },
  uploadFailed: 'The file could not be uploaded: {{message}}',
  /** The connection went (offline, a flaky network) while the file was sent: nothing was queued. */
  connectionLost: 'The connection was lost while {{file}} was uploading, so it was not imported. Once you are back online, try again: the same file is sent again, a large one from where it stopped.',
  /** The same file is being sent to the project from another tab or window of this browser: not sent from here too. */
  uploadingElsewhere: '{{file}} is being uploaded to this project from another tab or window of this browser, so it was not sent from here too. Follow it there: its import shows in the history once it is uploaded.',
  /** Sends the same file again (no need to choose it again). */
  tryAgain: 'Try again',
  /** The upload finished while the user was elsewhere in the app: its import is queued. */
  queuedAway: '{{file}} is uploaded and its import is queued. Open the project\'s imports to follow it.',
  /** The upload failed while the user was elsewhere in the app. */
  connectionLostAway: 'The connection was lost while {{file}} was uploading, so it was not imported. Open the project\'s imports to try again.',
  uploadFailedAway: '{{file}} could not be uploaded. Open the project\'s imports to try again.',
  /** The template to fill in (GET import-template), above the form. */
  template: {
    title: 'The Open Water Data template',
    description:
      'One value per row. StationIdentifier, Date, Parameter and Value are required; a station the organization does not have yet needs Latitude and Longitude (and StationName). Time, TimeZone (a WQX code such as EST, or an offset from UTC such as UTC+08:00 for China, where CST would be US Central; a time without one is read as UTC), Unit, Depth, DepthUnit, ActivityType, ActivityIdentifier (rows without one are grouped into an activity per station, date, time and type), DetectionCondition, AnalyticalMethod, Comment, DetectionLimit and DetectionLimitUnit (the limit of a result below detection) are optional.',
    download: 'Download the template (CSV)',
  },
};

export default imports;
