import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/session';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { SubmitButton } from '../../../shell/SubmitButton';
import { useAllParameters, useOrganizationParameters, useSetOrganizationParameters } from '../api/parameters';
import { mayContribute } from '../lib/access';
import { useAction } from '../lib/useAction';

/** The parameters the organization measures; contributors choose them from every parameter. */
export function ParametersTab({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const canEdit = mayContribute(profile, organizationId);
  const current = useOrganizationParameters(organizationId);
  const [choosing, setChoosing] = useState(false);
  // The chooser takes the place of the list: when it closes (saved or cancelled) with the focus in it, focus
  // goes back to "Choose parameters" rather than to the page's body.
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [returning, setReturning] = useState(false);
  useEffect(() => {
    if (!returning) return;
    setReturning(false);
    chooseButton.current?.focus();
  }, [returning]);

  if (current.error) return <LoadError error={current.error} title={t('organizations.parameters.loadFailed')} onRetry={() => current.mutate()} />;
  if (!current.data) return <Spinner />;

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
  return (
    <div>
      {canEdit && (
        <p>
          <button ref={chooseButton} type="button" className="button button-primary" onClick={() => setChoosing(true)}>
            {t('organizations.parameters.choose')}
          </button>
        </p>
      )}
      {current.data.length === 0 ? (
        <p>{t('organizations.parameters.empty')}</p>
      ) : (
        <div className="ws-table-wrap" tabIndex={0} role="region" aria-label={t('organizations.parameters.title')}>
          <table className="ws-table">
            <caption>{t('organizations.parameters.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('organizations.parameters.label')}</th>
                <th scope="col">{t('organizations.parameters.unit')}</th>
                <th scope="col">{t('organizations.parameters.group')}</th>
              </tr>
            </thead>
            <tbody>
              {current.data.map((parameter) => (
                <tr key={parameter.id}>
                  <td>{parameter.label}</td>
                  <td>{parameter.unit}</td>
                  <td>{parameter.group}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ParameterChooser({ organizationId, initial, onDone }: { organizationId: string; initial: string[]; onDone: () => void }) {
  const { t } = useTranslation();
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
  const shown = useMemo(
    () => (all.data ?? []).filter((p) => !filter.trim() || p.label.toLowerCase().includes(filter.trim().toLowerCase())),
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
            {parameter.label}
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
