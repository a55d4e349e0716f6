import { Briefcase, Mail } from 'lucide-react';
import { PageIntro } from '../../../components/page-intro';
import { CAREERS_EMAIL } from '../../../lib/site-links';

const VALUES = [
  { title: 'Customers first', body: 'Every feature has to save someone real money or real time.' },
  { title: 'Honest by default', body: 'We show real prices, real fees and real reviews, nothing invented.' },
  { title: 'Built for Kenya', body: 'M-Pesa, local businesses and the way people here actually shop.' },
];

export function CareersPage() {
  return (
    <>
      <PageIntro
        title="Careers"
        lead="Help Kenyans save on the services they love, and help local businesses grow."
      />
      <div className="content-width grid gap-8 py-10 sm:py-14 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="openings-heading" className="card p-6 text-center sm:p-10">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <Briefcase aria-hidden="true" className="size-7" />
          </span>
          <h2 id="openings-heading" className="mt-5 text-xl font-bold text-slate-900 dark:text-white">
            No Current Openings
          </h2>
          <p className="mx-auto mt-3 max-w-md text-base text-slate-600 dark:text-slate-300">
            We don't have any open roles right now. We're always glad to hear from talented people, though:
            send your CV and a short note about what you'd like to work on to{' '}
            <a
              href={`mailto:${CAREERS_EMAIL}`}
              className="focus-ring rounded font-semibold text-orange-700 hover:text-orange-800 dark:text-orange-400 dark:hover:text-orange-300"
            >
              {CAREERS_EMAIL}
            </a>
            , and we'll keep it on file for future openings.
          </p>
          <a
            href={`mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent('CV for future openings')}`}
            className="btn-primary mt-6"
          >
            <Mail aria-hidden="true" className="size-4" />
            Email your CV
          </a>
        </section>
        <section aria-labelledby="values-heading" className="space-y-4">
          <h2 id="values-heading" className="text-lg font-bold text-slate-900 dark:text-white">
            How we work
          </h2>
          <ul className="space-y-3">
            {VALUES.map((value) => (
              <li key={value.title} className="card p-5">
                <h3 className="font-semibold text-slate-900 dark:text-white">{value.title}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{value.body}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
