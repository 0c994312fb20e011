import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/session';
import { Spinner } from '../../../shell/LazyView';
import { messageOf } from '../../../shell/toast';
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

  if (current.error) return <p className="alert alert-error" role="alert">{messageOf(current.error)}</p>;
  if (!current.data) return <Spinner />;

  if (choosing) {
    return <ParameterChooser organizationId={organizationId} initial={current.data.map((p) => p.id)} onDone={() => setChoosing(false)} />;
  }
  return (
    <div>
      {canEdit && (
        <p>
          <button type="button" className="button button-primary" onClick={() => setChoosing(true)}>
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
  const shown = useMemo(
    () => (all.data ?? []).filter((p) => !filter.trim() || p.label.toLowerCase().includes(filter.trim().toLowerCase())),
    [all.data, filter],
  );
  if (all.error) return <p className="alert alert-error" role="alert">{messageOf(all.error)}</p>;
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
        void run(() => save([...chosen]), t('organizations.parameters.saved', { count: chosen.size })).then((done) => done && onDone());
      }}
    >
      <div className="ws-toolbar">
        <div className="ws-field">
          <label htmlFor="parameter-filter">{t('organizations.parameters.filter')}</label>
          <input id="parameter-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
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
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
