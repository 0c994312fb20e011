import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../i18n/languages';
import { Loading } from '../../../shell/Loading';
import { messageOf } from '../../../shell/toast';
import { TYPING_PAUSE_MS, useDebouncedValue } from '../../../shell/useDebouncedValue';
import { GLOSSARY_LISTS, useGlossaryLists, type GlossaryEntry } from '../api/glossary';

/** The product's own terms, in the order the glossary lists them (texts in the locales). */
const PRODUCT_TERMS = [
  'station', 'project', 'parameter', 'series', 'sample', 'organization', 'member', 'contributor', 'groupAdmin',
  'systemAdmin', 'import', 'detectionLimit',
] as const;

function matches(entry: GlossaryEntry, query: string): boolean {
  const words = query.trim().toLocaleLowerCase();
  return !words || `${entry.term} ${entry.description ?? ''}`.toLocaleLowerCase().includes(words);
}

function Section({ id, title, entries }: { id: string; title: string; entries: GlossaryEntry[] }) {
  if (!entries.length) return null;
  return (
    <section aria-labelledby={id} className="glossary-section">
      <h2 id={id}>{title}</h2>
      <dl className="glossary-terms">
        {entries.map((entry) => (
          <div key={entry.term}>
            <dt>{entry.term}</dt>
            {entry.description && <dd>{entry.description}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The searchable glossary: the product's terms in the interface's language, then the WQX domain values
 * from the product's own keylists (the lists imports are checked against): the values are WQX codes, as
 * WQX spells them in every language, described in the interface's language. The search looks at both.
 */
export function Glossary() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const lists = useGlossaryLists(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const productTerms = PRODUCT_TERMS.map((key) => ({
    term: t(`pages.glossaryList.terms.${key}.term`),
    description: t(`pages.glossaryList.terms.${key}.description`),
  })).filter((entry) => matches(entry, query));
  const listed = GLOSSARY_LISTS.map((list) => ({ list, entries: (lists.data?.[list] ?? []).filter((e) => matches(e, query)) }));
  const found = productTerms.length + listed.reduce((count, l) => count + l.entries.length, 0);
  // What the search found, said once typing pauses (not at every key) for those who do not see the lists change.
  const outcome = !lists.data || !query.trim()
    ? ''
    : found ? t('pages.glossaryList.matches', { count: found, query }) : t('pages.glossaryList.noMatch', { query });
  const saidOutcome = useDebouncedValue(outcome, TYPING_PAUSE_MS);

  return (
    <div className="glossary">
      <div className="ws-field glossary-search">
        <label htmlFor={`${id}-search`}>{t('pages.glossaryList.search')}</label>
        <input id={`${id}-search`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {/* Always on the page, so that each outcome appearing in it is announced. */}
      <p role="status" className="glossary-outcome">{saidOutcome}</p>
      <Section id={`${id}-product`} title={t('pages.glossaryList.productTerms')} entries={productTerms} />
      {lists.error && <p className="alert alert-error" role="alert">{messageOf(lists.error)}</p>}
      {!lists.data && !lists.error && <Loading />}
      {listed.map(({ list, entries }) => (
        <Section key={list} id={`${id}-${list}`} title={t(`pages.glossaryList.lists.${list}`)} entries={entries} />
      ))}
    </div>
  );
}
