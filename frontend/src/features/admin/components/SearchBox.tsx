import { useEffect, useId, useRef, useState } from 'react';

export const SEARCH_DELAY_MS = 300;

/**
 * A labelled search field that searches as the user types (after a short pause) and at once on
 * Enter. It follows `value` when that changes from outside (back button, a shared link).
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (term: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (term: string) => {
    clearTimeout(timer.current);
    if (term === sent.current) return;
    sent.current = term;
    onSearch(term);
  };

  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(event) => {
        event.preventDefault();
        send(text);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => {
          const term = event.target.value;
          setText(term);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(term), SEARCH_DELAY_MS);
        }}
      />
    </form>
  );
}
