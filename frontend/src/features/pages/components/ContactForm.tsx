import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shell/toast';
import { sendContactMessage } from '../api/contact';

const EMPTY = { name: '', email: '', message: '', website: '' };

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
  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await sendContactMessage({ ...values, language: i18n.language });
      setSent(true);
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
        <p role="status" className="alert page-editor-done">{t('pages.contact.sent')}</p>
        <button type="button" className="button" onClick={() => setSent(false)}>{t('pages.contact.another')}</button>
      </div>
    );
  }
  return (
    <form className="contact-form" onSubmit={onSubmit} noValidate>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      <div className="ws-field">
        <label htmlFor={`${id}-name`}>{t('pages.contact.name')}</label>
        <input {...field('name')} autoComplete="name" maxLength={200} />
      </div>
      <div className="ws-field">
        <label htmlFor={`${id}-email`}>{t('pages.contact.email')}</label>
        <input {...field('email')} type="email" autoComplete="email" />
      </div>
      <div className="ws-field">
        <label htmlFor={`${id}-message`}>{t('pages.contact.message')}</label>
        <textarea {...field('message')} rows={6} maxLength={5000} />
      </div>
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
