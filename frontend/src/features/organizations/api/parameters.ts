import useSWR, { useSWRConfig } from 'swr';
import { ABORTED_MESSAGE, ApiError, del, get, post, put } from '../../../api/client';
import { patchSeen } from '../../../api/versions';
import { organizationPath } from './organizations';
import type { Parameter } from './types';

/**
 * GET /parameter/parameters (every parameter, label copied to name); GET and PUT /organization/{id}/parameters
 * (the ones an organization measures); POST /parameter, PATCH and DELETE /parameter/{id} (chalicelib/parameters).
 */
export const ALL_PARAMETERS_PATH = '/parameter/parameters';
export const PARAMETER_PATH = '/parameter';

/** A parameter with the fields its form edits (the server sends them all). */
export interface ParameterDetails extends Parameter {
  characteristicName?: string | null;
  sampleFraction?: string | null;
  description?: string | null;
}

/** The fields a parameter's form sends: all but the label are optional (null clears one on an edit). */
export type ParameterFields = {
  label: string;
  unit: string | null;
  group: string | null;
  characteristicName: string | null;
  sampleFraction: string | null;
  description: string | null;
};

function listOf(body: ParameterDetails[] | { data: ParameterDetails[] } | undefined): ParameterDetails[] {
  return (Array.isArray(body) ? body : (body?.data ?? [])).slice().sort((a, b) => a.label.localeCompare(b.label));
}

export function useAllParameters() {
  return useSWR([ALL_PARAMETERS_PATH, 'all'], async () =>
    listOf(await get<ParameterDetails[] | { data: ParameterDetails[] }>(ALL_PARAMETERS_PATH, { params: { limit: 1000 } })),
  );
}

/** The parameters the organization owns (organizationId set to it), whether it measures them or not. */
export function useOwnParameters(organizationId: string) {
  return useSWR([ALL_PARAMETERS_PATH, 'own', organizationId], async () => {
    const body = await get<ParameterDetails[] | { data: ParameterDetails[] }>(ALL_PARAMETERS_PATH, {
      params: { limit: 1000, filter: `organizationId||$eq||${organizationId}` },
    });
    return listOf(body).filter((p) => p.organizationId === organizationId);
  });
}

function parametersPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/parameters`;
}

export function useOrganizationParameters(organizationId: string) {
  return useSWR([parametersPath(organizationId)], async () => (await get<ParameterDetails[]>(parametersPath(organizationId))) ?? []);
}

export function useSetOrganizationParameters(organizationId: string) {
  const { mutate } = useSWRConfig();
  return async (ids: string[]) => {
    await put(parametersPath(organizationId), ids);
    await mutate([parametersPath(organizationId)]);
  };
}

/** GET /keylist/units, /keylist/sampleFractions: the WQX codes a parameter's unit and sample fraction may name. */
export const UNITS_PATH = '/keylist/units';
export const SAMPLE_FRACTIONS_PATH = '/keylist/sampleFractions';
/** GET /parameter/groups: the parameter groups system administrators keep (their labels name a parameter's group). */
export const PARAMETER_GROUPS_PATH = '/parameter/groups';

type Keylist = { value: string; description?: string }[];

export function useUnitCodes() {
  return useSWR(UNITS_PATH, () => get<Keylist>(UNITS_PATH), { revalidateOnFocus: false });
}

export function useSampleFractions() {
  return useSWR(SAMPLE_FRACTIONS_PATH, () => get<Keylist>(SAMPLE_FRACTIONS_PATH), { revalidateOnFocus: false });
}

export function useParameterGroups() {
  return useSWR(
    PARAMETER_GROUPS_PATH,
    async () => {
      const body = await get<{ label: string }[] | { data: { label: string }[] }>(PARAMETER_GROUPS_PATH, { params: { limit: 1000 } });
      return (Array.isArray(body) ? body : (body?.data ?? [])).map((g) => g.label).filter(Boolean);
    },
    { revalidateOnFocus: false },
  );
}

/** What creating a parameter came to: the parameter, and why it could not be added to the measured list, if not. */
export interface Created {
  parameter: ParameterDetails;
  listError: unknown;
}

/** Create, change and delete parameters of the organization; every list of parameters is read again after. */
export function useParameterActions(organizationId: string) {
  const { mutate } = useSWRConfig();
  // Every cache of the parameters' list (this tab's, and the explorer's, stations' and projects' choices, all keyed by
  // its path) and this organization's measured list.
  const refresh = () =>
    mutate((key) => key === ALL_PARAMETERS_PATH || (Array.isArray(key) && (key[0] === ALL_PARAMETERS_PATH || key[0] === parametersPath(organizationId))));
  const path = (id: string) => `${PARAMETER_PATH}/${encodeURIComponent(id)}`;
  return {
    /**
     * POST the parameter as the organization's, then add it to the parameters it measures (PUT of the list as
     * the server has it now, and the new id). A refusal of the POST rejects; one of the PUT does not (the
     * parameter exists by then): it is given back as `listError`.
     */
    create: async (fields: ParameterFields): Promise<Created> => {
      const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== ''));
      const parameter = await post<ParameterDetails>(PARAMETER_PATH, { ...given, organizationId });
      // (No answer: the request was aborted; whether the parameter was made is not known.)
      if (!parameter) throw new ApiError(ABORTED_MESSAGE);
      let listError: unknown = null;
      try {
        const current = (await get<ParameterDetails[]>(parametersPath(organizationId))) ?? [];
        const ids = current.map((p) => p.id);
        await put(parametersPath(organizationId), ids.includes(parameter.id) ? ids : [...ids, parameter.id]);
      } catch (error) {
        listError = error;
      }
      await refresh();
      return { parameter, listError };
    },
    /** The fields changed from the parameter as shown, for its version (api/versions.ts); its label and owner stay. */
    update: async (parameter: ParameterDetails, values: Partial<ParameterDetails>) => {
      await patchSeen(path(parameter.id), parameter, values);
      await refresh();
    },
    remove: async (id: string) => {
      await del(path(id));
      await refresh();
    },
  };
}
