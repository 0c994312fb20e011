import type { Versioned } from '../../../api/versions';

export interface Organization extends Versioned {
  id: string;
  name: string;
  description?: string | null;
  website?: string | null;
  contact?: string | null;
}

export interface Member {
  userId: string;
  roleName: string;
  email: string | null;
  name: string | null;
  createdAt?: string;
}

export interface Project extends Versioned {
  id: string;
  projectId?: string;
  organizationId: string;
  projectKey?: string;
  name: string;
  description?: string | null;
}

export interface Station extends Versioned {
  id: string;
  organizationId: string;
  identifier: string;
  name: string;
  description?: string | null;
  latitude: number;
  longitude: number;
  /** WQX HorizontalCoordinateReferenceSystemDatumName of the coordinates (NAD83, WGS84...). */
  horizontalDatum?: string | null;
  /** Elevation and drainage area, each with its unit (WQX codes: stations/lib/measureUnits). */
  elevation?: number | null;
  elevationUnit?: string | null;
  /** How the elevation was measured (WQX VerticalCollectionMethodName) and its vertical datum (NAVD88...): free text. */
  elevationMethod?: string | null;
  verticalDatum?: string | null;
  drainageArea?: number | null;
  drainageAreaUnit?: string | null;
  stationType?: string | null;
  sampleCount?: number | null;
}

export interface Parameter extends Versioned {
  id: string;
  label: string;
  name?: string;
  unit?: string | null;
  group?: string | null;
  organizationId?: string | null;
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageCount: number;
}

export interface MapServiceValue {
  styleUrl?: string | null;
  tileUrl?: string | null;
  accessToken?: string | null;
  attribution?: string | null;
  provider?: string | null;
}

export interface OrganizationSetting<T> {
  id: string;
  organizationId: string;
  inherited: boolean;
  value: T | null;
  updatedAt: string | null;
}

export interface WqxAccount {
  organizationId: string;
  wqxOrganizationId: string | null;
  userId: string | null;
  privateKey: string | null;
  privateKeySetAt: string | null;
  configured: boolean;
  /** When the account was last saved (its version; absent from servers before versions). */
  updatedAt?: string | null;
}
