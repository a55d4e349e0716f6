import { CONTACT_SUBJECTS, type TContactRequest, ZContactRequest } from '@d3/shared/support/support-schemas';
import { useT } from '@d3/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock, HelpCircle, Mail, MapPin, Phone, Send } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { HeadedSection } from '../../../components/headed-section';
import { PageIntro } from '../../../components/page-intro';
import { RichText } from '../../../components/rich-text';
import { isApiError } from '../../../lib/api-client';
import { userErrorMessage } from '../../../lib/generic-error-message';
import {
  OFFICE_ADDRESS,
  SUPPORT_EMAIL,
  SUPPORT_PHONE_DISPLAY,
  SUPPORT_PHONE_TEL,
} from '../../../lib/site-links';
import { firstName, useSendContactMessage } from '../api/send-contact-message';

type FieldName = keyof TContactRequest;
type Translate = ReturnType<typeof useT>;

/** The six subjects' words; the value sent stays the API's English name. */
const SUBJECT_IDS: Record<TContactRequest['subject'], string> = {
  'General Inquiry': 'static.contact.subjects.general',
  'Technical Support': 'static.contact.subjects.technical',
  'Business Listing': 'static.contact.subjects.listing',
  Feedback: 'static.contact.subjects.feedback',
  Advertising: 'static.contact.subjects.advertising',
  Other: 'static.contact.subjects.other',
};

/**
 * A field's error in the reader's language, chosen by the schema's issue code (never its English
 * words); a field error the server sent is shown as it came.
 */
function fieldErrorText(t: Translate, name: FieldName, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server') return error.message;
  const missing = error.type === 'invalid_type' || error.type === 'too_small';
  switch (name) {
    case 'email':
      return t(missing ? 'static.contact.emailRequired' : 'static.contact.emailInvalid');
    case 'subject':
      return t('static.contact.subjectRequired');
    case 'fullName':
    case 'message':
      if (error.type === 'too_big')
        return t('static.contact.tooLong', { max: String(ZContactRequest.shape[name].maxLength) });
      return t(name === 'fullName' ? 'static.contact.nameRequired' : 'static.contact.messageRequired');
  }
}

function Field({
  label,
  name,
  errors,
  children,
}: {
  label: string;
  name: FieldName;
  errors: FieldErrors<TContactRequest>;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const t = useT();
  const id = useId();
  const message = fieldErrorText(t, name, errors[name]);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}{' '}
        <span aria-hidden="true" className="text-red-600 dark:text-red-400">
          *
        </span>
      </label>
      <div className="mt-1.5">
        {children({
          id,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': message ? `${id}-error` : undefined,
        })}
      </div>
      {message && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
        {icon}
      </span>
      <div>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
        <div className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{children}</div>
      </div>
    </li>
  );
}

const linkClass =
  'focus-ring rounded font-medium text-orange-700 hover:text-orange-800 dark:text-orange-400 dark:hover:text-orange-300';

export function ContactPage() {
  const t = useT();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TContactRequest>({
    resolver: zodResolver(ZContactRequest),
    defaultValues: { fullName: '', email: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setConfirmation(null);
    try {
      await send.mutateAsync(values);
      setConfirmation(t('static.contact.sent', { name: firstName(values.fullName) }));
      reset();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field in values) setError(field as FieldName, { type: 'server', message });
        }
      }
      setServerError(userErrorMessage(error, t('static.contact.failed')));
    }
  });

  return (
    <>
      <PageIntro title={t('static.contact.title')} lead={t('static.contact.lead')} />
      <div className="content-width grid gap-8 py-10 sm:py-14 lg:grid-cols-[1fr_1.6fr]">
        <aside className="order-2 space-y-6 lg:order-1">
          <div className="card p-6">
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">
              {t('static.contact.getInTouch')}
            </h2>
            <ul className="mt-5 space-y-5">
              <InfoItem
                icon={<MapPin aria-hidden="true" className="size-5" />}
                title={t('static.contact.office')}
              >
                <span translate="no">{OFFICE_ADDRESS}</span>
              </InfoItem>
              <InfoItem
                icon={<Phone aria-hidden="true" className="size-5" />}
                title={t('static.contact.phone')}
              >
                <a href={`tel:${SUPPORT_PHONE_TEL}`} translate="no" className={linkClass}>
                  {SUPPORT_PHONE_DISPLAY}
                </a>
              </InfoItem>
              <InfoItem
                icon={<Mail aria-hidden="true" className="size-5" />}
                title={t('static.contact.email')}
              >
                <a href={`mailto:${SUPPORT_EMAIL}`} translate="no" className={`${linkClass} break-all`}>
                  {SUPPORT_EMAIL}
                </a>
              </InfoItem>
              <InfoItem
                icon={<Clock aria-hidden="true" className="size-5" />}
                title={t('static.contact.hours')}
              >
                {t('static.contact.hoursText')}
              </InfoItem>
            </ul>
          </div>
          <div className="card flex gap-4 p-6">
            <HelpCircle aria-hidden="true" className="size-6 shrink-0 text-orange-600 dark:text-orange-400" />
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <RichText
                message={t('static.contact.faqHint')}
                tags={[<Link key="faq" to="/faq" className={linkClass} />]}
              />
            </p>
          </div>
        </aside>

        <HeadedSection
          id="contact-form-heading"
          title={t('static.contact.formTitle')}
          className="card order-1 p-6 sm:p-8 lg:order-2"
        >
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('static.contact.allRequired')}</p>

          <div aria-live="polite">
            {confirmation && (
              <p className="mt-5 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-300">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                {confirmation}
              </p>
            )}
          </div>
          {serverError && (
            <p
              role="alert"
              className="mt-5 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
            >
              {serverError}
            </p>
          )}

          <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
            <Field label={t('static.contact.fullName')} name="fullName" errors={errors}>
              {(props) => (
                <input
                  {...props}
                  {...register('fullName')}
                  type="text"
                  autoComplete="name"
                  className="field h-11"
                />
              )}
            </Field>
            <Field label={t('static.contact.email')} name="email" errors={errors}>
              {(props) => (
                <input
                  {...props}
                  {...register('email')}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  className="field h-11"
                />
              )}
            </Field>
            <div className="sm:col-span-2">
              <Field label={t('static.contact.subject')} name="subject" errors={errors}>
                {(props) => (
                  <select {...props} {...register('subject')} defaultValue="" className="field h-11">
                    <option value="">{t('static.contact.chooseSubject')}</option>
                    {CONTACT_SUBJECTS.map((subject) => (
                      <option key={subject} value={subject}>
                        {t(SUBJECT_IDS[subject])}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field label={t('static.contact.message')} name="message" errors={errors}>
                {(props) => (
                  <textarea {...props} {...register('message')} rows={6} className="field resize-y" />
                )}
              </Field>
            </div>
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={send.isPending}
                className="btn-primary h-11 w-full px-6 sm:w-auto"
              >
                <Send aria-hidden="true" className="size-4" />
                {send.isPending ? t('static.contact.sending') : t('static.contact.send')}
              </button>
            </div>
          </form>
        </HeadedSection>
      </div>
    </>
  );
}
