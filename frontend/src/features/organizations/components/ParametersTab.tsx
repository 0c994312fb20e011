import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSystemAdmin } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { ApiError } from '../../../api/client';
import { parameterDisplayName, parameterMatches } from '../../../lib/parameterNames';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { SubmitButton } from '../../../shell/SubmitButton';
import {
  useAllParameters,
  useOrganizationParameters,
  useOwnParameters,
  useParameterActions,
  useSetOrganizationParameters,
  type ParameterDetails,
} from '../api/parameters';
import { mayContribute } from '../lib/access';
import { useAction } from '../lib/useAction';
import { ParameterDialog } from './ParameterDialog';

type Editing = { kind: 'create' } | { kind: 'edit'; parameter: ParameterDetails } | null;

/**
 * The parameters the organization chose to list (its selection, which imports do not change), and its own
 * parameters (those it made, organizationId set to it), chosen or not. Contributors choose the listed ones from
 * every parameter, create parameters of the organization's, and edit and delete them; shared parameters (no organizationId) only system administrators
 * change, and another organization's only its contributors, as the server checks (chalicelib/parameters/routes.py).
 */
export function ParametersTab({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const canEdit = mayContribute(profile, organizationId);
  const mayChange = (parameter: ParameterDetails) =>
    parameter.organizationId ? mayContribute(profile, parameter.organizationId) : isSystemAdmin(profile);
  const current = useOrganizationParameters(organizationId);
  const own = useOwnParameters(organizationId);
  const actions = useParameterActions(organizationId);
  const { busy, run } = useAction();
  const [choosing, setChoosing] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ParameterDetails | null>(null);
  // The chooser takes the place of the list: when it closes (saved or cancelled) with the focus in it, focus
  // goes back to "Choose parameters" rather than to the page's body.
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [returning, setReturning] = useState(false);
  useEffect(() => {
    if (!returning) return;
    setReturning(false);
    chooseButton.current?.focus();
  }, [returning]);
  // After a deletion (the row's buttons gone), focus goes to the parameters' table, or to "New parameter" when
  // there is none left.
  const table = useRef<HTMLDivElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const focusAfter = () => table.current ?? newButton.current;

  // The measured parameters and the organization's own that it does not measure (marked so), by label.
  const rows = useMemo(() => {
    const measured = new Set((current.data ?? []).map((p) => p.id));
    const mine = (own.data ?? []).filter((p) => !measured.has(p.id));
    return [...(current.data ?? []).map((p) => ({ parameter: p, measured: true })), ...mine.map((p) => ({ parameter: p, measured: false }))].sort((a, b) =>
      a.parameter.label.localeCompare(b.parameter.label),
    );
  }, [current.data, own.data]);

  const failed = current.error ?? own.error;
  if (failed)
    return (
      <LoadError
        error={failed}
        title={t('organizations.parameters.loadFailed')}
        onRetry={() => {
          void current.mutate();
          void own.mutate();
        }}
      />
    );
  if (!current.data || !own.data) return <Spinner />;

  if (choosing) {
    return (
      <ParameterChooser
        organizationId={organizationId}
        initial={current.data.map((p) => p.id)}
        onDone={() => {
          setChoosing(false);
          setReturning(true);
        }}
      />
    );
  }
  const ownership = (parameter: ParameterDetails) =>
    !parameter.organizationId
      ? t('organizations.parameters.shared')
      : parameter.organizationId === organizationId
        ? t('organizations.parameters.own')
        : t('organizations.parameters.otherOrganization');
  return (
    <div>
      <p className="ws-hint">{t('organizations.parameters.intro')}</p>
      {canEdit && (
        <div className="ws-toolbar">
          <button ref={chooseButton} type="button" className="button button-primary" onClick={() => setChoosing(true)}>
            {t('organizations.parameters.choose')}
          </button>
          <button ref={newButton} type="button" className="button" onClick={() => setEditing({ kind: 'create' })}>
            {t('organizations.parameters.new')}
          </button>
        </div>
      )}
      {rows.length === 0 ? (
        // Not "none chosen" alone: its projects hold parameters all the same (they choose among every parameter).
        <p>{canEdit ? t('organizations.parameters.empty') : t('organizations.parameters.emptyReader')}</p>
      ) : (
        <div ref={table} className="ws-table-wrap" tabIndex={0} role="region" aria-label={t('organizations.parameters.title')}>
          {/* On a phone each parameter is a card (its label first, each value under its column's name, then its
              buttons); the explicit roles keep the table's meaning there (workspace.css). */}
          <table className="ws-table card-table" role="table">
            <caption>{t('organizations.parameters.title')}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">{t('organizations.parameters.label')}</th>
                <th scope="col" role="columnheader">{t('organizations.parameters.unit')}</th>
                <th scope="col" role="columnheader">{t('organizations.parameters.group')}</th>
                <th scope="col" role="columnheader">{t('organizations.parameters.owner')}</th>
                {canEdit && <th scope="col" role="columnheader">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map(({ parameter, measured }) => (
                <tr key={parameter.id} role="row">
                  <td role="cell" className="ws-card-title ws-wrap">
                    {parameterDisplayName(parameter, i18n.language)}
                  </td>
                  <td role="cell" data-label={t('organizations.parameters.unit')}>
                    {parameter.unit}
                  </td>
                  <td role="cell" data-label={t('organizations.parameters.group')}>
                    {parameter.group}
                  </td>
                  <td role="cell" data-label={t('organizations.parameters.owner')}>
                    <span className="ws-badge">{ownership(parameter)}</span>
                    {!measured && (
                      <>
                        {' '}
                        <span className="ws-badge">{t('organizations.parameters.notChosen')}</span>
                      </>
                    )}
                  </td>
                  {canEdit && (
                    <td role="cell">
                      {mayChange(parameter) && (
                        <div className="ws-actions">
                          <button
                            type="button"
                            className="button button-small"
                            aria-label={t('organizations.parameters.editAction', { name: parameter.label })}
                            onClick={() => setEditing({ kind: 'edit', parameter })}
                          >
                            {t('common.edit')}
                          </button>
                          <button
                            type="button"
                            className="button button-small button-danger"
                            aria-label={t('organizations.parameters.deleteAction', { name: parameter.label })}
                            onClick={() => setDeleting(parameter)}
                          >
                            {t('common.delete')}
                          </button>
                        </div>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <ParameterDialog
          organizationId={organizationId}
          parameter={editing.kind === 'edit' ? editing.parameter : null}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('organizations.parameters.deleteTitle')}
        message={t('organizations.parameters.deleteMessage', { name: deleting?.label ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        focusAfter={focusAfter}
        onConfirm={() =>
          void run(
            () => actions.remove(deleting!.id),
            t('organizations.parameters.deleted', { name: deleting?.label ?? '' }),
            // A refusal that asking again cannot change (values use it: 409; gone: 404) closes the dialog; the toast says why.
            (error) => {
              if (error instanceof ApiError && (error.status === 409 || error.status === 404)) setDeleting(null);
              return false;
            },
          ).then((done) => done && setDeleting(null))
        }
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function ParameterChooser({ organizationId, initial, onDone }: { organizationId: string; initial: string[]; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const all = useAllParameters();
  const save = useSetOrganizationParameters(organizationId);
  const { busy, run } = useAction();
  const [chosen, setChosen] = useState<Set<string>>(new Set(initial));
  const [filter, setFilter] = useState('');
  // Opened from "Choose parameters", which left with the list: focus starts in the filter, once it is there.
  const filterField = useRef<HTMLInputElement>(null);
  const loaded = !!all.data;
  useEffect(() => {
    if (loaded) filterField.current?.focus();
  }, [loaded]);
  // Found by its label or by one of its Chinese names (lib/parameterNames), whatever the interface's language.
  const shown = useMemo(
    () => (all.data ?? []).filter((p) => parameterMatches(filter, { label: p.label, characteristicName: p.characteristicName })),
    [all.data, filter],
  );
  if (all.error) return <LoadError error={all.error} title={t('organizations.parameters.loadFailed')} onRetry={() => all.mutate()} />;
  if (!all.data) return <Spinner />;
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        void run(() => save([...chosen]), t('organizations.parameters.saved', { count: chosen.size })).then((done) => done && onDone());
      }}
    >
      <div className="ws-toolbar">
        <div className="ws-field">
          <label htmlFor="parameter-filter">{t('organizations.parameters.filter')}</label>
          <input ref={filterField} id="parameter-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <span role="status">{t('organizations.parameters.chosen', { count: chosen.size })}</span>
      </div>
      <fieldset className="ws-checklist">
        <legend>{t('organizations.parameters.title')}</legend>
        {shown.map((parameter) => (
          <label key={parameter.id} className="ws-check">
            <input type="checkbox" checked={chosen.has(parameter.id)} onChange={() => toggle(parameter.id)} />
            {parameterDisplayName(parameter, i18n.language)}
            {parameter.unit ? <span className="muted"> ({parameter.unit})</span> : null}
          </label>
        ))}
      </fieldset>
      <div className="ws-toolbar">
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
        {/* Not disabled while saving: that would drop the focus to the page's body, and leave it there after a refusal. */}
        <SubmitButton busy={busy}>{t('common.save')}</SubmitButton>
      </div>
    </form>
  );
}
