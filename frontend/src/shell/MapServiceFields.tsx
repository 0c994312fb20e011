import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { TextField } from './FormDialog';
import { messageOf } from './toast';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';

// In the shell, not under features/explorer: an organization's settings and the administration's system settings
// both write a map service, and features do not import each other (architecture note, frontend layout); the
// explorer keeps reading it (features/explorer/api/mapService.ts).

/** The fields of a map service a form edits: what the explorer's base map reads of it. */
export interface MapServiceFieldValues {
  styleUrl?: string | null;
  tileUrl?: string | null;
  accessToken?: string | null;
  attribution?: string | null;
}

/** The addresses of a map service the server checks, in its order. */
export type MapServiceAddress = 'styleUrl' | 'tileUrl';
const HTTP_ADDRESS = /^https?:\/\/\S+$/;

/** What each problem of a map service's address is called in the locales (shell.mapService.*). */
export type MapServiceProblem = 'styleUrlInvalid' | 'tileUrlInvalid' | 'tileUrlPlaceholders';

/**
 * What the server would refuse of the map service's addresses (chalicelib/system/service.py check_map_service),
 * checked in the browser before sending: an address given must be http(s), and the tiles' must hold {z}, {x} and
 * {y}. Empty is allowed.
 */
export function mapServiceProblems(value: MapServiceFieldValues): Partial<Record<MapServiceAddress, MapServiceProblem>> {
  const problems: Partial<Record<MapServiceAddress, MapServiceProblem>> = {};
  const styleUrl = value.styleUrl?.trim();
  const tileUrl = value.tileUrl?.trim();
  if (styleUrl && !HTTP_ADDRESS.test(styleUrl)) problems.styleUrl = 'styleUrlInvalid';
  if (tileUrl && !HTTP_ADDRESS.test(tileUrl)) problems.tileUrl = 'tileUrlInvalid';
  else if (tileUrl && !['{z}', '{x}', '{y}'].every((part) => tileUrl.includes(part))) problems.tileUrl = 'tileUrlPlaceholders';
  return problems;
}

/**
 * Which address of the map service sent the server refused (400): the first of those sent that breaks its
 * rules (check_map_service: http(s), and the tiles' {z}, {x} and {y}), whatever the language of its message.
 */
export function refusedMapServiceAddress(error: unknown, sent: MapServiceFieldValues): MapServiceAddress | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const { styleUrl, tileUrl } = sent;
  if (styleUrl && !HTTP_ADDRESS.test(styleUrl)) return 'styleUrl';
  if (tileUrl && (!HTTP_ADDRESS.test(tileUrl) || !['{z}', '{x}', '{y}'].every((part) => tileUrl.includes(part)))) return 'tileUrl';
  return null;
}

/**
 * The address a refusal (400) names, in English or in Chinese (chalicelib/core/messages.py): for a rule of the
 * server's that this browser does not check (yet).
 */
function namedMapServiceAddress(error: unknown): MapServiceAddress | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  if (/^The style address |^样式地址/.test(error.message)) return 'styleUrl';
  if (/^The tile address |^瓦片地址/.test(error.message)) return 'tileUrl';
  return null;
}

/**
 * The state of a map service's fields in a form that checks them itself (not the browser, whose bubbles speak the
 * browser's language): `checked()` gives the value to send (its texts trimmed, the empty ones left out), or says each
 * address's problem at its field in the interface's language and moves the focus to the first; `refusedAtField`
 * says an address the server refused at its field, likewise.
 */
export function useMapServiceFields() {
  const { t } = useTranslation();
  const [value, setValue] = useState<MapServiceFieldValues>({});
  const [errors, setErrors] = useState<Partial<Record<MapServiceAddress, string>>>({});
  const { form: fieldset, focusFirstInvalid } = useFocusFirstInvalid<HTMLFieldSetElement>();
  const checked = (): MapServiceFieldValues | null => {
    const cleaned = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()]));
    const problems = mapServiceProblems(cleaned);
    setErrors(Object.fromEntries(Object.entries(problems).map(([address, problem]) => [address, t(`shell.mapService.${problem}`)])));
    if (!Object.keys(problems).length) return cleaned;
    focusFirstInvalid();
    return null;
  };
  /** Takes a refusal of an address of `sent` (answers true): its message at the field, which takes the focus. */
  const refusedAtField = (error: unknown, sent: MapServiceFieldValues): boolean => {
    const address = refusedMapServiceAddress(error, sent) ?? namedMapServiceAddress(error);
    if (address) {
      setErrors({ [address]: messageOf(error) });
      focusFirstInvalid();
    }
    return !!address;
  };
  return { value, setValue, errors, setErrors, fieldset, checked, refusedAtField, clearErrors: () => setErrors({}) };
}

/**
 * A map service's fields (style and tile addresses, access token, attribution), in a fieldset named `legend`; an
 * address's problem is said at it (aria-describedby), and changing the field clears it. `hint`: a line under a field.
 */
export function MapServiceFields({
  fields,
  legend,
  disabled = false,
  hint,
}: {
  fields: ReturnType<typeof useMapServiceFields>;
  legend: string;
  disabled?: boolean;
  hint?: (name: keyof MapServiceFieldValues) => string | undefined;
}) {
  const { t } = useTranslation();
  const { value, setValue, errors, setErrors } = fields;
  const field = (name: keyof MapServiceFieldValues) => ({
    value: value[name] ?? '',
    error: name === 'styleUrl' || name === 'tileUrl' ? (errors[name] ?? null) : null,
    hint: hint?.(name),
    onChange: (v: string) => {
      setValue((current) => ({ ...current, [name]: v }));
      if (name === 'styleUrl' || name === 'tileUrl') setErrors(({ [name]: _cleared, ...others }) => others);
    },
  });
  return (
    <fieldset ref={fields.fieldset} disabled={disabled} className="ws-form">
      <legend className="visually-hidden">{legend}</legend>
      <TextField id="map-style-url" label={t('shell.mapService.styleUrl')} type="url" {...field('styleUrl')} />
      <TextField id="map-tile-url" label={t('shell.mapService.tileUrl')} type="url" {...field('tileUrl')} />
      <TextField id="map-access-token" label={t('shell.mapService.accessToken')} {...field('accessToken')} />
      <TextField id="map-attribution" label={t('shell.mapService.attribution')} {...field('attribution')} />
    </fieldset>
  );
}
