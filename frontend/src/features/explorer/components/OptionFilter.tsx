import { startTransition, useId, useMemo, useOptimistic, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesSearch } from '../../../lib/parameterNames';
import type { Option } from '../api/options';

/** How many unchosen options a list shows before asking for a narrower search. */
export const VISIBLE_OPTIONS = 50;

export interface OptionFilterProps {
  title: string;
  options: Option[] | undefined;
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Stations of the current result per option id, when known (an option missing from it has none). */
  counts?: Map<string, number>;
  loading?: boolean;
  open?: boolean;
  /** How an option is named in the list (a parameter's Chinese name beside its WQX name in Chinese); its name by default. */
  nameOf?: (option: Option) => string;
  /** Other names an option is found by, whatever the interface's language (a parameter's Chinese names). */
  otherNamesOf?: (option: Option) => readonly string[];
}

const byName = (option: Option) => option.name;
const none = () => [];

/** A collapsible checkbox list with a search box; chosen options stay on top. */
export function OptionFilter({ title, options, selected: applied, onChange, counts, loading, open, nameOf = byName, otherNamesOf = none }: OptionFilterProps) {
  const { t, i18n } = useTranslation();
  // The address is updated in a transition; the box shows the choice at once, not when the route has moved.
  const [selected, showSelected] = useOptimistic(applied);
  const [search, setSearch] = useState('');
  const id = useId();
  const byId = useMemo(() => new Map((options ?? []).map((o) => [o.id, o])), [options]);
  const needle = search.trim();
  const matches = useMemo(
    () => (options ?? []).filter((o) => !selected.includes(o.id) && matchesSearch(needle, [o.name, o.id], otherNamesOf(o))),
    [options, selected, needle, otherNamesOf],
  );
  // A choice the list does not hold (a link to a project deleted since): said so, not shown as a bare id.
  const chosen: Option[] = selected.map((s) => byId.get(s) ?? { id: s, name: options ? t('explorer.filters.gone', { id: s }) : s });
  const shown = [...chosen, ...matches.slice(0, VISIBLE_OPTIONS)];
  const toggle = (value: string) => {
    const next = selected.includes(value) ? selected.filter((s) => s !== value) : [...selected, value];
    startTransition(() => {
      showSelected(next);
      onChange(next);
    });
  };

  return (
    <details className="option-filter" open={open || selected.length > 0 || undefined}>
      <summary>
        {title}
        {selected.length > 0 && <span className="badge">{selected.length}</span>}
      </summary>
      <fieldset>
        <legend className="visually-hidden">{title}</legend>
        {(options?.length ?? 0) > 8 && (
          <label>
            <span className="visually-hidden">{t('explorer.filters.searchIn', { name: title })}</span>
            <input
              type="search"
              className="option-search"
              placeholder={t('explorer.filters.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
        )}
        {loading && !options && <p className="muted">{t('common.loading')}</p>}
        {options && options.length === 0 && <p className="muted">{t('explorer.filters.noOptions')}</p>}
        <ul className="option-list">
          {shown.map((option) => {
            const count = counts && (counts.get(option.id) ?? 0);
            return (
              <li key={option.id}>
                <label>
                  <input
                    type="checkbox"
                    name={`${id}-${option.id}`}
                    checked={selected.includes(option.id)}
                    onChange={() => toggle(option.id)}
                  />
                  <span className="option-name">{byId.has(option.id) ? nameOf(option) : option.name}</span>
                  {count !== undefined && <span className="option-count">{count.toLocaleString(i18n.language)}</span>}
                </label>
              </li>
            );
          })}
        </ul>
        {matches.length > VISIBLE_OPTIONS && (
          <p className="muted small">{t('explorer.filters.more', { count: matches.length - VISIBLE_OPTIONS })}</p>
        )}
      </fieldset>
    </details>
  );
}
