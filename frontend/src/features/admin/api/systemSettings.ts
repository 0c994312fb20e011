import useSWR from 'swr';
import { useCallback } from 'react';
import { get, post } from '../../../api/client';
import { useRevalidate } from './revalidate';

/**
 * GET /system/settings (public): every setting, a default one where none is stored (the map service: none); who
 * changed one (updatedBy) only to those who may change settings. POST /system/settings {id, label, value}
 * (manage-system-settings) replaces one; the server checks a map service's value and keeps the change in the audit trail.
 */
export const SYSTEM_SETTINGS_PATH = '/system/settings';
export const MAP_SERVICE_ID = 'map-service';

/** The map service when none is stored (chalicelib/system/service.py DEFAULT_SETTINGS): the offline-safe map. */
export const DEFAULT_MAP_SERVICE = { provider: 'none', styleUrl: null, accessToken: null } as const;

export interface SystemSetting {
  id: string;
  label?: string | null;
  value?: unknown;
  /** None for a default not stored yet. */
  updatedAt?: string | null;
  updatedBy?: string | null;
}

export function useSystemSettings() {
  return useSWR([SYSTEM_SETTINGS_PATH], () => get<SystemSetting[]>(SYSTEM_SETTINGS_PATH));
}

/** Saves a setting, then reads every answer from /system/settings again (the explorer's map service among them). */
export function useSaveSystemSetting() {
  const revalidate = useRevalidate();
  return useCallback(
    async (setting: Pick<SystemSetting, 'id' | 'label' | 'value'>) => {
      const saved = await post<SystemSetting>(SYSTEM_SETTINGS_PATH, setting);
      await revalidate(SYSTEM_SETTINGS_PATH);
      return saved;
    },
    [revalidate],
  );
}
