import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../auth/session';
import { ConfirmDialog, type FocusAfter } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { ApiError } from '../../../api/client';
import { LoadError } from '../../../shell/LoadError';
import { messageOf, toast } from '../../../shell/toast';
import { listText } from '../../../lib/lists';
import { useStationTypeOptions } from '../../explorer/api/stationTypes';
import {
  isStationGone,
  useHorizontalDatums,
  useOrganizationStations,
  useStationActions,
  type BulkOutcome,
  type StationFields,
} from '../api/stations';
import { TYPING_PAUSE_MS, useDebouncedValue } from '../../../shell/useDebouncedValue';
import type { Station } from '../api/types';
import { mayContribute } from '../lib/access';
import { readCoordinate, withDecimalPoint } from '../lib/coordinates';
import { datumLabel } from '../../../lib/datums';
import { AREA_UNITS, ELEVATION_UNITS, VERTICAL_DATUMS } from '../../stations/lib/measureUnits';
import { DecimalInput, MeasureField } from './MeasureField';
import { useAction } from '../lib/useAction';
import { explorerPath } from '../paths';
import { fieldNotes, FormDialog, TextField } from '../../../shell/FormDialog';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';
import { PageNav } from '../../../shell/PageNav';

type StationType = { id: string; name: string };
/** The bulk edit's choice that takes the stations' type away. */
const CLEAR_TYPE = '-';

type Editing = { kind: 'create' } | { kind: 'edit'; station: Station } | { kind: 'bulk' } | null;

/** The organization's stations, a page at a time; contributors create, edit (one or several) and delete them. */
export function StationsTab({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const canEdit = mayContribute(profile, organizationId);
  // The page and the search are in the address (?page=&q=): Back from a station, or a reload, returns to them.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  // Asked once typing pauses, from the first page.
  const asked = useDebouncedValue(search.trim(), TYPING_PAUSE_MS);
  const setAddress = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    }, { replace: true });
  const setPage = (next: number) => setAddress({ page: next > 1 ? String(next) : null });
  useEffect(() => {
    if ((params.get('q') ?? '') !== asked) setAddress({ q: asked || null, page: null });
    // (Only the search moves the address here; the address moves the search once, when the tab opens.)
  }, [asked]);
  const stations = useOrganizationStations(organizationId, page, asked);
  const types = useStationTypeOptions();
  const actions = useStationActions(organizationId);
  const { busy, run } = useAction();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Station | null>(null);
  // The selected stations by id, with their names (they may be on other pages) to say what became of each.
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  // After a deletion (the row's buttons gone) or a bulk edit (its button disabled with the cleared selection),
  // focus goes to the stations' table, or to "New station" when there is none.
  const table = useRef<HTMLDivElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const focusAfter = () => table.current ?? newButton.current;

  const { data: rows, total, pageCount } = stations.data ?? { data: [], total: 0, pageCount: 1 };
  const typeLabel = (key: string | null | undefined) => types.data?.find((o) => o.id === key)?.name ?? key ?? '';
  const toggle = (station: Station) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(station.id)) next.delete(station.id);
      else next.set(station.id, station.name);
      return next;
    });
  const unselect = (ids: string[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next.size === current.size ? current : next;
    });

  /**
   * What a change to the selected stations came to, in one message: how many were saved, which were deleted
   * meanwhile by someone else (skipped), which were refused and why. An error when one was refused.
   */
  const sayBulkOutcome = ({ saved, gone, failed }: BulkOutcome) => {
    const names = (stations: { name: string }[]) => listText(stations.map((station) => station.name), i18n.language);
    const reasons = new Map<string, string[]>();
    for (const { station, error } of failed) reasons.set(messageOf(error), [...(reasons.get(messageOf(error)) ?? []), station.name]);
    const sentences = [
      ...(saved.length || (!gone.length && !failed.length) ? [t('organizations.stations.bulkSaved', { count: saved.length })] : []),
      ...(gone.length ? [t('organizations.stations.bulkGone', { count: gone.length, names: names(gone) })] : []),
      ...[...reasons].map(([reason, stations]) => t('organizations.stations.bulkFailed', { names: listText(stations, i18n.language), reason })),
    ];
    const message = sentences.reduce((text, sentence) => t('organizations.stations.bulkSentences', { first: text, next: sentence }));
    if (failed.length) toast.error(message);
    else if (gone.length) toast.info(message);
    else toast.success(message);
  };

  return (
    <div>
      <div className="ws-toolbar">
        {canEdit && (
          <button ref={newButton} type="button" className="button button-primary" onClick={() => setEditing({ kind: 'create' })}>
            {t('organizations.stations.new')}
          </button>
        )}
        {canEdit && (
          <button type="button" className="button" disabled={selected.size === 0} onClick={() => setEditing({ kind: 'bulk' })}>
            {t('organizations.stations.bulkEdit', { count: selected.size })}
          </button>
        )}
        <Link to={explorerPath(organizationId)}>{t('organizations.stations.onTheMap')}</Link>
        <div className="ws-field">
          <label htmlFor={`stations-search-${organizationId}`}>{t('organizations.stations.search')}</label>
          <input
            id={`stations-search-${organizationId}`}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      {stations.error ? (
        <LoadError error={stations.error} title={t('organizations.stations.loadFailed')} onRetry={() => stations.mutate()} />
      ) : !stations.data ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p>{asked ? t('organizations.stations.noMatch', { search: asked }) : t('organizations.stations.empty')}</p>
      ) : (
        <div ref={table} className="ws-table-wrap" tabIndex={0} role="region" aria-label={t('organizations.stations.caption', { count: total })}>
          {/* On a phone each station is a card (its name first, beside its checkbox; each value under its column's
              name, data-label; then its buttons), so Edit and Delete stay on screen instead of past a sideways
              scroll; the explicit roles keep the table's meaning there (workspace.css, organizations.css). */}
          <table className="ws-table card-table stations-table" role="table">
            <caption>{t('organizations.stations.caption', { count: total })}</caption>
            <thead role="rowgroup">
              <tr role="row">
                {canEdit && <th scope="col" role="columnheader"><span className="visually-hidden">{t('organizations.stations.select')}</span></th>}
                <th scope="col" role="columnheader">{t('organizations.stations.identifier')}</th>
                <th scope="col" role="columnheader">{t('organizations.stations.name')}</th>
                <th scope="col" role="columnheader">{t('organizations.stations.type')}</th>
                <th scope="col" role="columnheader">{t('organizations.stations.values')}</th>
                {canEdit && <th scope="col" role="columnheader">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((station) => (
                <tr key={station.id} role="row">
                  {canEdit && (
                    <td role="cell" className="stations-select">
                      <input
                        type="checkbox"
                        aria-label={t('organizations.stations.selectOne', { name: station.name })}
                        checked={selected.has(station.id)}
                        onChange={() => toggle(station)}
                      />
                    </td>
                  )}
                  <td role="cell" className="ws-wrap stations-identifier" data-label={t('organizations.stations.identifier')}>
                    {station.identifier}
                  </td>
                  <td role="cell" className="ws-card-title ws-wrap">
                    <Link to={`/sts/station/${encodeURIComponent(station.id)}/info`}>{station.name}</Link>
                  </td>
                  <td role="cell" data-label={t('organizations.stations.type')}>{typeLabel(station.stationType)}</td>
                  <td role="cell" data-label={t('organizations.stations.values')}>{station.sampleCount ?? 0}</td>
                  {canEdit && (
                    <td role="cell">
                      <div className="ws-actions">
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={t('organizations.stations.editAction', { name: station.name })}
                          onClick={() => setEditing({ kind: 'edit', station })}
                        >
                          {t('common.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={t('organizations.stations.deleteAction', { name: station.name })}
                          onClick={() => setDeleting(station)}
                        >
                          {t('common.delete')}
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageNav label={t('organizations.stations.pages')} page={page} pageCount={pageCount} onPage={setPage} />
      {editing && editing.kind !== 'bulk' && (
        <StationDialog
          station={editing.kind === 'edit' ? editing.station : null}
          types={types.data ?? []}
          busy={busy}
          onClose={() => setEditing(null)}
          // Only the fields changed from the station as shown are sent, for its version: two people editing
          // one station (its name here, its latitude in another tab) both keep their change, and a field both
          // changed is shown with the other's value before this one replaces it (api/versions.ts).
          onChangedMeanwhile={(station) => setEditing({ kind: 'edit', station })}
          onSave={async (fields, atField) => {
            let gone = false;
            const done = await run(
              () => (editing.kind === 'edit' ? actions.update(editing.station, fields) : actions.create(fields)),
              editing.kind === 'edit' ? t('organizations.stations.saved', { name: fields.name }) : t('organizations.stations.created', { name: fields.name }),
              (error) => {
                // Deleted meanwhile by someone else: nothing left to edit (the list, read again, no longer shows it).
                if (editing.kind !== 'edit' || !isStationGone(error)) return atField(error);
                toast.error(t('organizations.stations.goneMeanwhile', { name: editing.station.name }));
                unselect([editing.station.id]);
                return (gone = true);
              },
            );
            if (done || gone) setEditing(null);
          }}
        />
      )}
      {editing?.kind === 'bulk' && (
        <BulkStationDialog
          count={selected.size}
          types={types.data ?? []}
          busy={busy}
          focusAfter={focusAfter}
          onClose={() => setEditing(null)}
          onSave={async (stationType) => {
            let outcome: BulkOutcome | undefined;
            const stations = [...selected].map(([id, name]) => ({ id, name }));
            await run(async () => {
              outcome = await actions.updateMany(stations, { stationType });
            });
            if (!outcome) return;
            sayBulkOutcome(outcome);
            // The stations deleted meanwhile leave the selection, and so do the saved ones; the dialog closes when
            // every remaining station was saved, and stays open on the refused ones otherwise.
            const refused = outcome.failed.map(({ station }) => station.id);
            setSelected(new Map([...selected].filter(([id]) => refused.includes(id))));
            if (!refused.length) setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('organizations.stations.deleteTitle')}
        message={t('organizations.stations.deleteMessage', { name: deleting?.name ?? '', count: deleting?.sampleCount ?? 0 })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        focusAfter={focusAfter}
        onConfirm={() => {
          const station = deleting!;
          let gone = false;
          void run(() => actions.remove(station.id), t('organizations.stations.deleted', { name: station.name }), (error) => {
            // Deleted meanwhile by someone else: as asked, said so.
            if (!isStationGone(error)) return false;
            toast.info(t('organizations.stations.goneMeanwhile', { name: station.name }));
            return (gone = true);
          }).then((done) => {
            if (!done && !gone) return;
            unselect([station.id]);
            setDeleting(null);
          });
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/**
 * Create a station or edit one (its identifier is kept). The fields are checked before sending; an identifier
 * another station of the organization holds (the server's 409) is said at the identifier, in the server's words
 * (which come in the interface's language), and that field takes the focus (FormDialog).
 */
function StationDialog({
  station,
  types,
  busy,
  onSave,
  onChangedMeanwhile,
  onClose,
}: {
  station: Station | null;
  types: StationType[];
  busy: boolean;
  /** `atField` takes a refusal the dialog says at a field (answers true), as useAction's run expects. */
  onSave: (fields: StationFields, atField: (error: unknown) => boolean) => void;
  /** The station as stored now, when someone else changed fields this edit changes too. */
  onChangedMeanwhile: (station: Station) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const meanwhile = useChangedMeanwhile();
  const [identifier, setIdentifier] = useState(station?.identifier ?? '');
  const [name, setName] = useState(station?.name ?? '');
  const [latitude, setLatitude] = useState(station ? String(station.latitude) : '');
  const [longitude, setLongitude] = useState(station ? String(station.longitude) : '');
  const [horizontalDatum, setHorizontalDatum] = useState(station?.horizontalDatum ?? '');
  const [stationType, setStationType] = useState(station?.stationType ?? '');
  const [elevation, setElevation] = useState(numberText(station?.elevation));
  const [elevationUnit, setElevationUnit] = useState(station?.elevationUnit ?? '');
  const [elevationMethod, setElevationMethod] = useState(station?.elevationMethod ?? '');
  const [verticalDatum, setVerticalDatum] = useState(station?.verticalDatum ?? '');
  const [drainageArea, setDrainageArea] = useState(numberText(station?.drainageArea));
  const [drainageAreaUnit, setDrainageAreaUnit] = useState(station?.drainageAreaUnit ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const datums = useHorizontalDatums().data ?? [];

  /** A coordinate as typed: its number, or what is wrong with it (a decimal comma is refused, never read as another number). */
  const commaMessage = (typed: string, field: 'latitude' | 'longitude') => {
    const example = withDecimalPoint(typed);
    if (example) return t('organizations.stations.decimalComma', { example });
    return field === 'latitude' ? t('organizations.stations.decimalCommaLatitude') : t('organizations.stations.decimalCommaLongitude');
  };
  const coordinateError = (typed: string, field: 'latitude' | 'longitude', limit: number, outOfRange: string): number | string => {
    const reading = readCoordinate(typed);
    if ('problem' in reading) return reading.problem === 'comma' ? commaMessage(typed, field) : outOfRange;
    return Math.abs(reading.value) > limit ? outOfRange : reading.value;
  };
  /** A field's setter that also takes its message away (the form says it again at the next Create or Save). */
  const typed = (field: string, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors(({ [field]: _cleared, ...others }) => others);
  };
  /** Typing: a decimal comma is said at once, at its field; the field's other message goes once it is changed. */
  const typeCoordinate = (field: 'latitude' | 'longitude', set: (value: string) => void) => (value: string) => {
    set(value);
    const reading = readCoordinate(value);
    const comma = 'problem' in reading && reading.problem === 'comma';
    setErrors(({ [field]: _cleared, ...others }) => (comma ? { ...others, [field]: commaMessage(value, field) } : others));
  };

  const submit = () => {
    const found: Record<string, string> = {};
    if (!identifier.trim()) found.identifier = t('organizations.stations.identifierRequired');
    if (!name.trim()) found.name = t('organizations.stations.nameRequired');
    const lat = coordinateError(latitude, 'latitude', 90, t('organizations.stations.latitudeInvalid'));
    const lon = coordinateError(longitude, 'longitude', 180, t('organizations.stations.longitudeInvalid'));
    if (typeof lat === 'string') found.latitude = lat;
    if (typeof lon === 'string') found.longitude = lon;
    /** A measure as typed: none (both empty), or its number and unit; else what is wrong is put in `found`. */
    const measure = (field: 'elevation' | 'drainageArea', typed: string, unit: string, positive: boolean) => {
      const reading = readCoordinate(typed);
      if ('problem' in reading) {
        if (reading.problem === 'empty') return { value: null, unit: null };
        found[field] = reading.problem === 'comma' ? t('organizations.stations.measureComma') : t('organizations.stations.measureInvalid');
        return null;
      }
      if (positive && reading.value <= 0) {
        found[field] = t('organizations.stations.areaInvalid');
        return null;
      }
      if (!unit) {
        found[`${field}Unit`] = t('organizations.stations.unitRequired');
        return null;
      }
      return { value: reading.value, unit };
    };
    const elevationGiven = measure('elevation', elevation, elevationUnit, false);
    // Its method and datum say something of an elevation only.
    if (elevationGiven?.value === null) {
      if (elevationMethod.trim()) found.elevationMethod = t('organizations.stations.elevationFirst');
      if (verticalDatum.trim()) found.verticalDatum = t('organizations.stations.elevationFirst');
    }
    const areaGiven = measure('drainageArea', drainageArea, drainageAreaUnit, true);
    setErrors(found);
    if (Object.keys(found).length || typeof lat === 'string' || typeof lon === 'string' || !elevationGiven || !areaGiven) return;
    const fields: StationFields = {
      identifier: identifier.trim(),
      name: name.trim(),
      latitude: lat,
      longitude: lon,
      horizontalDatum: horizontalDatum || null,
      stationType: stationType || null,
      // A measure is sent when given, or to take away the one the station had.
      ...(elevationGiven.value !== null || station?.elevation != null
        ? {
            elevation: elevationGiven.value,
            elevationUnit: elevationGiven.unit,
            elevationMethod: elevationMethod.trim() || null,
            verticalDatum: verticalDatum.trim() || null,
          }
        : {}),
      ...(areaGiven.value !== null || station?.drainageArea != null
        ? { drainageArea: areaGiven.value, drainageAreaUnit: areaGiven.unit }
        : {}),
    };
    // The fields someone else changed meanwhile that this edit left alone show their values (a second save keeps them).
    const showTheirs = (current: Station, theirs: Partial<Station>) => {
      if ('name' in theirs) setName(theirs.name ?? '');
      if ('latitude' in theirs) setLatitude(String(theirs.latitude ?? ''));
      if ('longitude' in theirs) setLongitude(String(theirs.longitude ?? ''));
      if ('horizontalDatum' in theirs) setHorizontalDatum(theirs.horizontalDatum ?? '');
      if ('stationType' in theirs) setStationType(theirs.stationType ?? '');
      if ('elevation' in theirs) setElevation(numberText(theirs.elevation));
      if ('elevationUnit' in theirs) setElevationUnit(theirs.elevationUnit ?? '');
      if ('elevationMethod' in theirs) setElevationMethod(theirs.elevationMethod ?? '');
      if ('verticalDatum' in theirs) setVerticalDatum(theirs.verticalDatum ?? '');
      if ('drainageArea' in theirs) setDrainageArea(numberText(theirs.drainageArea));
      if ('drainageAreaUnit' in theirs) setDrainageAreaUnit(theirs.drainageAreaUnit ?? '');
      onChangedMeanwhile(current);
    };
    // 409: the identifier is taken (a new station's; an edit keeps its identifier).
    const atField = (error: unknown) => {
      if (station && meanwhile.take<Station>(error, station, fields, showTheirs)) return true;
      if (station || !(error instanceof ApiError) || error.status !== 409) return false;
      setErrors({ identifier: messageOf(error) });
      return true;
    };
    onSave(fields, atField);
  };

  return (
    <FormDialog
      title={station ? t('organizations.stations.editTitle') : t('organizations.stations.newTitle')}
      // While it is being sent the button says so (it ignores presses meanwhile).
      submitLabel={
        busy
          ? station
            ? t('organizations.stations.saving')
            : t('organizations.stations.creating')
          : station
            ? t('common.save')
            : t('common.create')
      }
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      {(formId) => {
        const datumName = (code: string) => datumLabel(t, code, datums.find((d) => d.value === code)?.description);
        const datumNotes = fieldNotes(
          `${formId}-datum`,
          meanwhile.hint('horizontalDatum', (value) => (value ? datumName(String(value)) : t('organizations.stations.datumNotGiven'))) ??
            t('organizations.stations.datumHint'),
        );
        return (
          <>
            {meanwhile.notice}
            {!station && (
              <TextField
                id={`${formId}-identifier`}
                label={t('organizations.stations.identifier')}
                value={identifier}
                required
                error={errors.identifier}
                onChange={typed('identifier', setIdentifier)}
              />
            )}
            <TextField id={`${formId}-name`} label={t('organizations.stations.name')} value={name} required error={errors.name} hint={meanwhile.hint('name')} onChange={setName} />
            <CoordinateField
              id={`${formId}-latitude`}
              label={t('organizations.stations.latitude')}
              value={latitude}
              error={errors.latitude}
              hint={meanwhile.hint('latitude') ?? t('organizations.stations.latitudeHint')}
              onChange={typeCoordinate('latitude', setLatitude)}
            />
            <CoordinateField
              id={`${formId}-longitude`}
              label={t('organizations.stations.longitude')}
              value={longitude}
              error={errors.longitude}
              hint={meanwhile.hint('longitude') ?? t('organizations.stations.longitudeHint')}
              onChange={typeCoordinate('longitude', setLongitude)}
            />
            <div className="ws-field">
              <label htmlFor={`${formId}-datum`}>{t('organizations.stations.horizontalDatum')}</label>
              <select
                id={`${formId}-datum`}
                value={horizontalDatum}
                aria-describedby={datumNotes.describedBy}
                onChange={(e) => setHorizontalDatum(e.target.value)}
              >
                <option value="">{t('organizations.stations.datumNotGiven')}</option>
                {/* The station's own code first shows even before the list has come. */}
                {[...new Set([...(horizontalDatum ? [horizontalDatum] : []), ...datums.map((d) => d.value)])].map((code) => (
                  <option key={code} value={code}>
                    {datumName(code)}
                  </option>
                ))}
              </select>
              {datumNotes.notes}
            </div>
            <StationTypeSelect
              id={`${formId}-type`}
              types={types}
              value={stationType}
              hint={meanwhile.hint('stationType', (value) => types.find((type) => type.id === value)?.name ?? String(value))}
              onChange={setStationType}
            />
            <MeasureField
              id={`${formId}-elevation`}
              label={t('organizations.stations.elevation')}
              value={elevation}
              unit={elevationUnit}
              units={ELEVATION_UNITS}
              error={errors.elevation}
              unitError={errors.elevationUnit}
              hint={meanwhile.hint('elevation') ?? t('organizations.stations.elevationHint')}
              onChange={(value) => {
                typed('elevation', setElevation)(value);
                // Given now: its datum and method no longer lack the elevation they describe.
                if (value.trim()) setErrors(({ verticalDatum: _datum, elevationMethod: _method, ...others }) => others);
              }}
              onUnitChange={typed('elevationUnit', setElevationUnit)}
            />
            <TextField
              id={`${formId}-vertical-datum`}
              label={t('organizations.stations.verticalDatum')}
              value={verticalDatum}
              suggestions={VERTICAL_DATUMS}
              maxLength={500}
              error={errors.verticalDatum}
              hint={meanwhile.hint('verticalDatum') ?? t('organizations.stations.verticalDatumHint')}
              onChange={typed('verticalDatum', setVerticalDatum)}
            />
            <TextField
              id={`${formId}-elevation-method`}
              label={t('organizations.stations.elevationMethod')}
              value={elevationMethod}
              maxLength={500}
              error={errors.elevationMethod}
              hint={meanwhile.hint('elevationMethod') ?? t('organizations.stations.elevationMethodHint')}
              onChange={typed('elevationMethod', setElevationMethod)}
            />
            <MeasureField
              id={`${formId}-drainage-area`}
              label={t('organizations.stations.drainageArea')}
              value={drainageArea}
              unit={drainageAreaUnit}
              units={AREA_UNITS}
              error={errors.drainageArea}
              unitError={errors.drainageAreaUnit}
              hint={meanwhile.hint('drainageArea')}
              onChange={typed('drainageArea', setDrainageArea)}
              onUnitChange={typed('drainageAreaUnit', setDrainageAreaUnit)}
            />
          </>
        );
      }}
    </FormDialog>
  );
}

/** A stored number as the field shows it ("" for none). */
function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A latitude or longitude: a text field for decimal numbers (inputMode="decimal": a phone's keyboard with a decimal
 * separator), not a number field, which reads "120,1551" as 1201551 in some browsers; the form checks what is typed.
 */
function CoordinateField({
  id,
  label,
  value,
  error,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}) {
  const { describedBy, notes } = fieldNotes(id, hint, error);
  return (
    <div className="ws-field">
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <DecimalInput id={id} value={value} invalid={!!error} describedBy={describedBy} required onChange={onChange} />
      {notes}
    </div>
  );
}

function StationTypeSelect({
  id,
  types,
  value,
  onChange,
  firstOption,
  error,
  hint,
}: {
  id: string;
  types: StationType[];
  value: string;
  onChange: (v: string) => void;
  /** The choice shown first (value ""): "none" for one station. */
  firstOption?: string;
  error?: string | null;
  hint?: string;
}) {
  const { t } = useTranslation();
  const { describedBy, notes } = fieldNotes(id, hint, error);
  return (
    <div className="ws-field">
      <label htmlFor={id}>{t('organizations.stations.type')}</label>
      <select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
        <option value="">{firstOption ?? t('common.none')}</option>
        {firstOption && <option value={CLEAR_TYPE}>{t('organizations.stations.bulkClearType')}</option>}
        {types.map((type) => (
          <option key={type.id} value={type.id}>
            {type.name}
          </option>
        ))}
      </select>
      {notes}
    </div>
  );
}

function BulkStationDialog({
  count,
  types,
  busy,
  focusAfter,
  onSave,
  onClose,
}: {
  count: number;
  types: StationType[];
  busy: boolean;
  /** Where focus goes after saving (the "Edit selected" button is then disabled). */
  focusAfter: FocusAfter;
  onSave: (stationType: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Nothing is chosen at first: saving without a choice must not wipe the stations' types.
  const [stationType, setStationType] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!stationType) {
      setError(t('organizations.stations.bulkChooseType'));
      return;
    }
    onSave(stationType === CLEAR_TYPE ? null : stationType);
  };
  return (
    <FormDialog
      title={t('organizations.stations.bulkTitle', { count })}
      submitLabel={t('common.save')}
      busy={busy}
      focusAfter={focusAfter}
      onClose={onClose}
      onSubmit={submit}
    >
      {(formId) => (
        <StationTypeSelect
          id={`${formId}-type`}
          types={types}
          value={stationType}
          firstOption={t('organizations.stations.bulkKeepType')}
          error={error}
          onChange={(value) => {
            setStationType(value);
            setError(null);
          }}
        />
      )}
    </FormDialog>
  );
}
