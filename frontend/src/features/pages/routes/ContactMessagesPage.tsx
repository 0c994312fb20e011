import { useTranslation } from 'react-i18next';
import { Loading } from '../../../shell/Loading';
import { messageOf } from '../../../shell/toast';
import { useContactMessages } from '../api/contact';
import '../pages.css';
import { formatDateTime } from '../../../lib/dates';

/** /admin/contact-messages: what visitors wrote through Contact us, newest first (system administrators). */
export function ContactMessagesPage() {
  const { t, i18n } = useTranslation();
  const messages = useContactMessages();

  return (
    <section className="page" aria-labelledby="contact-messages-title">
      <h1 id="contact-messages-title">{t('pages.contactMessages.title')}</h1>
      {messages.error ? (
        <p className="alert alert-error" role="alert">{messageOf(messages.error)}</p>
      ) : !messages.data ? (
        <Loading />
      ) : !messages.data.length ? (
        <p className="muted">{t('pages.contactMessages.empty')}</p>
      ) : (
        <ul className="contact-messages">
          {messages.data.map((m) => (
            <li key={m.id}>
              <article aria-label={`${m.name} <${m.email}>`}>
                <dl className="facts">
                  <dt>{t('pages.contactMessages.from')}</dt>
                  <dd>
                    {m.name} &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;
                  </dd>
                  <dt>{t('pages.contactMessages.received')}</dt>
                  <dd>{formatDateTime(m.createdAt, i18n.language)}</dd>
                  <dt>{t('pages.contactMessages.message')}</dt>
                  <dd className="contact-message-text" lang={m.language}>{m.message}</dd>
                </dl>
                <p className="muted">{m.emailed ? t('pages.contactMessages.emailed') : t('pages.contactMessages.notEmailed')}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default ContactMessagesPage;
