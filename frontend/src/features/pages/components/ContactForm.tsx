import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shell/FormDialog';
import { messageOf } from '../../../shell/toast';
import { useFocusFirstInvalid } from '../../../shell/useFocusFirstInvalid';
import { sendContactMessage } from '../api/contact';

const EMPTY = { name: '', email: '', message: '', website: '' };
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
type Problems = Partial<Record<'name' | 'email' | 'message', string>>;

/**
 * Contact us: name, email and message to the system administrators. The `website` field is a honeypot:
 * hidden from people and from assistive technology, filled only by robots (the server then drops it).
 * The server checks the fields and the hourly limit and answers in the interface's language.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const thanks = useRef<HTMLParagraphElement>(null);
  const { form, focusFirstInvalid } = useFocusFirstInvalid();
  // The form's button leaves when the message is sent, and comes back for another: focus follows, not to the body.
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (!moveFocus) return;
    setMoveFocus(false);
    if (sent) thanks.current?.focus();
    else document.getElementById(`${id}-name`)?.focus();
  }, [moveFocus, sent, id]);
  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Every field that needs a correction says so at once (the server checks the same again).
    const found: Problems = {};
    if (!values.name.trim()) found.name = t('pages.contact.nameRequired');
    if (!EMAIL.test(values.email.trim())) found.email = t('pages.contact.emailInvalid');
    if (!values.message.trim()) found.message = t('pages.contact.messageRequired');
    setProblems(found);
    if (Object.keys(found).length) {
      // Once the errors are shown: the first field to correct is then read out with its error.
      focusFirstInvalid();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await sendContactMessage({ ...values, language: i18n.language });
      setSent(true);
      setMoveFocus(true);
      setValues(EMPTY);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div className="contact-sent">
        <p role="status" className="alert page-editor-done" ref={thanks} tabIndex={-1}>{t('pages.contact.sent')}</p>
        <button type="button" className="button" onClick={() => { setSent(false); setMoveFocus(true); }}>
          {t('pages.contact.another')}
        </button>
      </div>
    );
  }
  return (
    <form ref={form} className="contact-form" onSubmit={onSubmit} noValidate>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      <TextField id={`${id}-name`} label={t('pages.contact.name')} required value={values.name} error={problems.name}
        autoComplete="name" maxLength={200} onChange={(name) => setValues({ ...values, name })} />
      <TextField id={`${id}-email`} label={t('pages.contact.email')} required type="email" value={values.email} error={problems.email}
        autoComplete="email" onChange={(email) => setValues({ ...values, email })} />
      <TextField id={`${id}-message`} label={t('pages.contact.message')} required multiline rows={6} value={values.message} error={problems.message}
        maxLength={5000} onChange={(message) => setValues({ ...values, message })} />
      <div className="contact-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t('pages.contact.honeypot')}</label>
        <input {...field('website')} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? t('pages.contact.sending') : t('pages.contact.send')}
      </button>
    </form>
  );
}
