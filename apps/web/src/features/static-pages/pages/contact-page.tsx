import { CONTACT_SUBJECTS, type TContactRequest, ZContactRequest } from '@d3/shared/support/support-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock, HelpCircle, Mail, MapPin, Phone, Send } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PageIntro } from '../../../components/page-intro';
import { isApiError } from '../../../lib/api-client';
import { userErrorMessage } from '../../../lib/generic-error-message';
import {
  OFFICE_ADDRESS,
  SUPPORT_EMAIL,
  SUPPORT_PHONE_DISPLAY,
  SUPPORT_PHONE_TEL,
} from '../../../lib/site-links';
import { contactConfirmation, useSendContactMessage } from '../api/send-contact-message';

type FieldName = keyof TContactRequest;

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
  const id = useId();
  const message = errors[name]?.message;
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
      setConfirmation(contactConfirmation(values.fullName));
      reset();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field in values) setError(field as FieldName, { message });
        }
      }
      setServerError(userErrorMessage(error, 'Something went wrong. Please try again.'));
    }
  });

  return (
    <>
      <PageIntro
        title="Contact Us"
        lead="Questions about a deal, a booking or listing your business? Send us a message and we'll get back to you."
      />
      <div className="content-width grid gap-8 py-10 sm:py-14 lg:grid-cols-[1fr_1.6fr]">
        <aside className="order-2 space-y-6 lg:order-1">
          <div className="card p-6">
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">Get in touch</h2>
            <ul className="mt-5 space-y-5">
              <InfoItem icon={<MapPin aria-hidden="true" className="size-5" />} title="Office">
                {OFFICE_ADDRESS}
              </InfoItem>
              <InfoItem icon={<Phone aria-hidden="true" className="size-5" />} title="Phone">
                <a href={`tel:${SUPPORT_PHONE_TEL}`} className={linkClass}>
                  {SUPPORT_PHONE_DISPLAY}
                </a>
              </InfoItem>
              <InfoItem icon={<Mail aria-hidden="true" className="size-5" />} title="Email">
                <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClass} break-all`}>
                  {SUPPORT_EMAIL}
                </a>
              </InfoItem>
              <InfoItem icon={<Clock aria-hidden="true" className="size-5" />} title="Support hours">
                Messages are received 24/7 and answered within one business day. Phone lines are open Monday
                to Friday, 8:00 to 18:00, and Saturday, 9:00 to 13:00 (EAT).
              </InfoItem>
            </ul>
          </div>
          <div className="card flex gap-4 p-6">
            <HelpCircle aria-hidden="true" className="size-6 shrink-0 text-orange-600 dark:text-orange-400" />
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Looking for a quick answer? Many questions about booking, M-Pesa payments and refunds are
              answered in our{' '}
              <Link to="/faq" className={linkClass}>
                Frequently Asked Questions
              </Link>
              .
            </p>
          </div>
        </aside>

        <section aria-labelledby="contact-form-heading" className="card order-1 p-6 sm:p-8 lg:order-2">
          <h2 id="contact-form-heading" className="text-lg font-bold text-slate-900 dark:text-white">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">All fields are required.</p>

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
            <Field label="Full name" name="fullName" errors={errors}>
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
            <Field label="Email" name="email" errors={errors}>
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
              <Field label="Subject" name="subject" errors={errors}>
                {(props) => (
                  <select {...props} {...register('subject')} defaultValue="" className="field h-11">
                    <option value="">Choose a subject</option>
                    {CONTACT_SUBJECTS.map((subject) => (
                      <option key={subject} value={subject}>
                        {subject}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field label="Message" name="message" errors={errors}>
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
                {send.isPending ? 'Sending...' : 'Send Message'}
              </button>
            </div>
          </form>
        </section>
      </div>
    </>
  );
}
