import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { messageOf, toast } from '../../../shell/toast';

export interface Choice {
  id: string;
  label: string;
  detail?: string | null;
}

/**
 * What a project holds (its stations or parameters) as a list; a contributor opens a checklist of
 * what can be chosen, filters it, and saves the new list.
 */
export function AssignedList({
  title,
  emptyMessage,
  chooseLabel,
  filterLabel,
  savedMessage,
  items,
  error,
  canEdit,
  useChoices,
  onSave,
}: {
  title: string;
  emptyMessage: string;
  chooseLabel: string;
  filterLabel: string;
  savedMessage: (count: number) => string;
  items: Choice[] | undefined;
  error: unknown;
  canEdit: boolean;
  useChoices: (enabled: boolean) => { data?: Choice[]; error?: unknown };
  onSave: (ids: string[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  const choices = useChoices(choosing);

  if (error) return <p className="alert alert-error" role="alert">{messageOf(error)}</p>;
  if (!items) return <Spinner />;
  if (choosing) {
    if (choices.error) return <p className="alert alert-error" role="alert">{messageOf(choices.error)}</p>;
    if (!choices.data) return <Spinner />;
    return (
      <Checklist
        title={title}
        filterLabel={filterLabel}
        choices={choices.data}
        initial={items.map((i) => i.id)}
        onCancel={() => setChoosing(false)}
        onSave={async (ids) => {
          try {
            await onSave(ids);
            toast.success(savedMessage(ids.length));
            setChoosing(false);
          } catch (failure) {
            toast.error(failure);
          }
        }}
      />
    );
  }
  return (
    <div>
      {canEdit && (
        <p>
          <button type="button" className="button button-primary" onClick={() => setChoosing(true)}>
            {chooseLabel}
          </button>
        </p>
      )}
      {items.length === 0 ? (
        <p>{emptyMessage}</p>
      ) : (
        <ul aria-label={title}>
          {items.map((item) => (
            <li key={item.id}>
              {item.label} {item.detail ? <span className="muted">{item.detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{t('projects.count', { count: items.length })}</p>
    </div>
  );
}

function Checklist({
  title,
  filterLabel,
  choices,
  initial,
  onCancel,
  onSave,
}: {
  title: string;
  filterLabel: string;
  choices: Choice[];
  initial: string[];
  onCancel: () => void;
  onSave: (ids: string[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(new Set(initial));
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? choices.filter((c) => `${c.label} ${c.detail ?? ''}`.toLowerCase().includes(needle)) : choices;
  }, [choices, filter]);
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
        setBusy(true);
        // Keep the order of the choices, so the saved list reads like the checklist.
        void onSave(choices.filter((c) => chosen.has(c.id)).map((c) => c.id)).finally(() => setBusy(false));
      }}
    >
      <div className="ws-toolbar">
        <div className="ws-field">
          <label htmlFor="project-choice-filter">{filterLabel}</label>
          <input id="project-choice-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <span role="status">{t('projects.chosen', { count: chosen.size })}</span>
      </div>
      <fieldset className="ws-checklist">
        <legend>{title}</legend>
        {shown.map((choice) => (
          <label key={choice.id} className="ws-check">
            <input type="checkbox" checked={chosen.has(choice.id)} onChange={() => toggle(choice.id)} />
            {choice.label}
            {choice.detail ? <span className="muted"> ({choice.detail})</span> : null}
          </label>
        ))}
      </fieldset>
      <div className="ws-toolbar">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
