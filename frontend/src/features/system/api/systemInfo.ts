import useSWR from 'swr';
import { get } from '../../../api/client';

/** What GET /system/info answers: the running API's name, version, stage and build time. */
export interface SystemInfo {
  name: string;
  version: string;
  stage: string;
  buildTime: string;
}

export const SYSTEM_INFO_PATH = '/system/info';

export function getSystemInfo(): Promise<SystemInfo | undefined> {
  return get<SystemInfo>(SYSTEM_INFO_PATH);
}

export function useSystemInfo() {
  return useSWR(SYSTEM_INFO_PATH, getSystemInfo);
}
