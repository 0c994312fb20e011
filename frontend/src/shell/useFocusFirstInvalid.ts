import { useEffect, useRef, useState } from 'react';

/**
 * For a form outside a dialog that checks its own fields (noValidate): `focusFirstInvalid()` moves the focus,
 * once the fields' new errors are shown, to the first field marked invalid (aria-invalid, its message tied by
 * aria-describedby, as TextField does), so that its message is read and typing goes there. FormDialog does the
 * same for the forms in dialogs.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const form = useRef<T>(null);
  // Counts the requests: each one renders again, so the same errors twice bring the focus back to their field.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return { form, focusFirstInvalid: () => setAsked((count) => count + 1) };
}
