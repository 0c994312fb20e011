export interface Project {
  id: string;
  organizationId: string;
  projectKey?: string;
  name: string;
  description?: string | null;
}

export interface ProjectStation {
  id: string;
  identifier: string;
  name: string;
  stationType?: string | null;
}

export interface ProjectParameter {
  id: string;
  label: string;
  unit?: string | null;
  /** Its WQX CharacteristicName, when it has one (what its Chinese name is found by before its label). */
  characteristicName?: string | null;
}

export interface Activity {
  id: string;
  typeCode?: string | null;
  media?: string | null;
  monitoringLocationIdentifier?: string | null;
  startDate?: string | null;
  startTime?: string | null;
  /** The start time's zone as the file gave it (a WQX code such as CDT); null without a time. */
  timeZone?: string | null;
  comment?: string | null;
}

export interface ActivityPage {
  data: Activity[];
  total: number;
  page: number;
  pageCount: number;
}

/** One value an activity measured (chalicelib/samples/service.py activity_values, its parameter named). */
export interface ActivityResult {
  parameterId: string;
  parameterName: string;
  /** The instant, ISO 8601 in UTC, e.g. 2011-07-12T17:20:00Z. */
  time: string;
  /** The date as the file wrote it (YYYY-MM-DD). Absent from an older server's answer. */
  date?: string;
  /** The time of day as the file wrote it (HH:MM:SS); null when the file gave a date alone. */
  localTime?: string | null;
  /** The zone the file gave (a WQX code, e.g. CDT; "UTC" when it gave none); null for a date alone. */
  timeZone?: string | null;
  value: number | null;
  /** The value as reported when it is not a number (e.g. "ND"). */
  text?: string | null;
  unit?: string | null;
  detectionCondition?: string | null;
  sampleFraction?: string | null;
  status?: string | null;
  valueType?: string | null;
  qualifier?: string | null;
}

/** GET .../projects/{projectId}/activities/{activityId}: the activity with the values it measured. */
export interface ActivityDetail extends Activity {
  projectId: string;
  organizationId: string;
  mediaSubdivision?: string | null;
  stationId?: string | null;
  conductingOrganization?: string | null;
  hydrologicCondition?: string | null;
  hydrologicEvent?: string | null;
  /** When the activity ended (a composite or continuous sample), as the file gave it, like its start. */
  endDate?: string | null;
  endTime?: string | null;
  endTimeZone?: string | null;
  createdAt?: string;
  results: ActivityResult[];
}
