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
}

export interface Activity {
  id: string;
  typeCode?: string | null;
  media?: string | null;
  monitoringLocationIdentifier?: string | null;
  startDate?: string | null;
  startTime?: string | null;
  comment?: string | null;
}

export interface ActivityPage {
  data: Activity[];
  total: number;
  page: number;
  pageCount: number;
}
