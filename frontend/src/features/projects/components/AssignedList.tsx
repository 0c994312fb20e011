import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { matchesSearch } from '../../../lib/parameterNames';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { SubmitButton } from '../../../shell/SubmitButton';
import { messageOf, toast } from '../../../shell/toast';
import { TYPING_PAUSE_MS, useDebouncedValue } from '../../../shell/useDebouncedValue';

export interface Choice {
  id: string;
  label: string;
  detail?: string | null;
  /** Other names it is found by, whatever the interface's language (a parameter's Chinese names). */
  aliases?: readonly string[];
}

/** What can be chosen for a filter: the choices found (the first ones) and how many match in all. */
export interface FoundChoices {
  data?: { data: Choice[]; total: number };
  error?: unknown;
  /** The answer for this filter is on its way (`data` may still be the previous filter's). */
  loading?: boolean;
}

/** What was found, of another shape, as choices. */
export function foundAs<T>(found: { data?: { data: T[]; total: number }; error?: unknown; loading?: boolean }, toChoice: (item: T) => Choice): FoundChoices {
  return { ...found, data: found.data && { data: found.data.data.map(toChoice), total: found.data.total } };
}

/**
 * The order choices are listed in, the project's list and the checklist alike: by label (a station's name), then
 * by detail (its identifier: stations of one name apart), as the interface's language sorts them, numbers in
 * names by their value (Creek 2 before Creek 10).
 */
function useChoiceOrder(): (a: Choice, b: Choice) => number {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { numeric: true });
    return (a, b) => collator.compare(a.label, b.label) || collator.compare(a.detail ?? '', b.detail ?? '');
  }, [i18n.language]);
}
const matches = (choice: Choice, needle: string) => matchesSearch(needle, [`${choice.label} ${choice.detail ?? ''}`], choice.aliases);
/** A choice's name as listed, when no `nameOf` says otherwise: its label. */
const byLabel = (choice: Choice) => choice.label;

/**
 * What a project holds (its stations or parameters) as a list, in the checklist's order; a contributor opens a checklist of
 * what can be chosen, filters it (`useChoices` finds the choices for the filter, on the server where
 * there are many), and saves the new list. Focus goes into the checklist's filter when it opens, and
 * back to the "Choose ..." button when it closes.
 */
export function AssignedList({
  title,
  emptyMessage,
  emptyHelp,
  chooseLabel,
  filterLabel,
  noMatchMessage,
  moreMessage,
  savedMessage,
  countMessage,
  items,
  error,
  loadFailedMessage,
  onRetry,
  canEdit,
  useChoices,
  onSave,
  nameOf = byLabel,
  pathOf,
}: {
  title: string;
  emptyMessage: string;
  /** Said under the empty list: where what it holds comes from. */
  emptyHelp?: ReactNode;
  chooseLabel: string;
  filterLabel: string;
  /** Said when nothing matches the filter. */
  noMatchMessage: string;
  /** Said when more match than are shown: (shown, total). */
  moreMessage: (shown: number, total: number) => string;
  savedMessage: (count: number) => string;
  /** How many the project holds, said under the list with what they are ("3 stations in the project"). */
  countMessage: (count: number) => string;
  items: Choice[] | undefined;
  error: unknown;
  /** What could not be loaded (said over the failure), and how to load it again. */
  loadFailedMessage?: string;
  onRetry?: () => unknown;
  canEdit: boolean;
  useChoices: (filter: string) => FoundChoices;
  /** The ids chosen, and those the list held when the checklist opened (what the person changed is the difference). */
  onSave: (ids: string[], before: string[]) => Promise<void>;
  /** How a choice is named in the lists (a parameter's Chinese name beside its label in Chinese); its label by default. */
  nameOf?: (choice: Choice) => string;
  /** Where a listed one's own page is (a station's): its name in the list is a link there. */
  pathOf?: (choice: Choice) => string;
}) {
  const [choosing, setChoosing] = useState(false);
  const returnFocus = useRef(false);
  const order = useChoiceOrder();
  const listed = useMemo(() => items && [...items].sort(order), [items, order]);
  const close = () => {
    returnFocus.current = true;
    setChoosing(false);
  };

  if (error) return <LoadError error={error} title={loadFailedMessage} onRetry={onRetry} />;
  if (!listed) return <Spinner />;
  if (choosing) {
    return (
      <Checklist
        title={title}
        filterLabel={filterLabel}
        noMatchMessage={noMatchMessage}
        moreMessage={moreMessage}
        useChoices={useChoices}
        nameOf={nameOf}
        initial={listed}
        onCancel={close}
        onSave={async (ids, before) => {
          try {
            await onSave(ids, before);
            toast.success(savedMessage(ids.length));
            close();
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
          <button
            type="button"
            className="button button-primary"
            // Back here when the checklist closes.
            ref={(button) => {
              if (button && returnFocus.current) {
                returnFocus.current = false;
                button.focus();
              }
            }}
            onClick={() => setChoosing(true)}
          >
            {chooseLabel}
          </button>
        </p>
      )}
      {listed.length === 0 ? (
        <>
          <p>{emptyMessage}</p>
          {emptyHelp}
        </>
      ) : (
        <ul aria-label={title}>
          {listed.map((item) => (
            <li key={item.id}>
              {pathOf ? <Link to={pathOf(item)}>{nameOf(item)}</Link> : nameOf(item)} {item.detail ? <span className="muted">{item.detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{countMessage(listed.length)}</p>
    </div>
  );
}

/**
 * The checklist: what is chosen (at first what the project holds) stays listed and ticked, with the
 * choices found for the filter; unticking keeps a choice listed, so nothing moves under the pointer.
 */
function Checklist({
  title,
  filterLabel,
  noMatchMessage,
  moreMessage,
  useChoices,
  nameOf,
  initial,
  onCancel,
  onSave,
}: {
  title: string;
  filterLabel: string;
  noMatchMessage: string;
  moreMessage: (shown: number, total: number) => string;
  useChoices: (filter: string) => FoundChoices;
  nameOf: (choice: Choice) => string;
  initial: Choice[];
  onCancel: () => void;
  onSave: (ids: string[], before: string[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const filterId = useId();
  const filterField = useRef<HTMLInputElement>(null);
  const [before] = useState(() => initial.map((c) => c.id));
  const [chosen, setChosen] = useState(() => new Set(before));
  // Every choice ticked while the checklist is open (and what the project held): listed whatever is found.
  const [kept, setKept] = useState(() => new Map(initial.map((c) => [c.id, c])));
  const [filter, setFilter] = useState('');
  const needle = useDebouncedValue(filter.trim(), TYPING_PAUSE_MS);
  const found = useChoices(needle);
  const [busy, setBusy] = useState(false);
  const order = useChoiceOrder();

  useEffect(() => filterField.current?.focus(), []);

  const shown = useMemo(() => {
    // The previous filter's answer, still shown while the next loads, keeps only what matches this one.
    const listed = [...kept.values(), ...(found.data?.data ?? [])].filter((c) => matches(c, needle));
    return [...new Map(listed.map((c) => [c.id, c])).values()].sort(order);
  }, [kept, found.data, needle, order]);

  const toggle = (choice: Choice) => {
    setKept((current) => (current.has(choice.id) ? current : new Map(current).set(choice.id, choice)));
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(choice.id)) next.delete(choice.id);
      else next.add(choice.id);
      return next;
    });
  };

  const pending = !found.data || !!found.loading || needle !== filter.trim();
  const total = found.data?.total ?? 0;
  const foundCount = found.data?.data.length ?? 0;
  // While the answer is on its way this says so (the list may be empty until it comes): "nothing matches" only
  // once the answer is in and empty.
  const summary = found.error ? '' : pending ? t('projects.searching') : shown.length === 0 ? noMatchMessage : total > foundCount ? moreMessage(foundCount, total) : '';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        // In the order of the labels, so the saved list reads like the checklist.
        const ids = [...kept.values()].filter((c) => chosen.has(c.id)).sort(order).map((c) => c.id);
        void onSave(ids, before).finally(() => setBusy(false));
      }}
    >
      <div className="ws-toolbar">
        <div className="ws-field">
          <label htmlFor={filterId}>{filterLabel}</label>
          <input id={filterId} ref={filterField} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <span role="status">{t('projects.chosen', { count: chosen.size })}</span>
      </div>
      {found.error ? (
        <p className="alert alert-error" role="alert">
          {messageOf(found.error)}
        </p>
      ) : null}
      <fieldset className="ws-checklist" aria-busy={pending || undefined}>
        <legend>{title}</legend>
        {shown.map((choice) => (
          <label key={choice.id} className="ws-check">
            <input type="checkbox" checked={chosen.has(choice.id)} onChange={() => toggle(choice)} />
            {nameOf(choice)}
            {choice.detail ? <span className="muted"> ({choice.detail})</span> : null}
          </label>
        ))}
      </fieldset>
      <p className="muted" role="status">
        {summary}
      </p>
      <div className="ws-toolbar">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <SubmitButton busy={busy}>{t('common.save')}</SubmitButton>
      </div>
    </form>
  );
}
