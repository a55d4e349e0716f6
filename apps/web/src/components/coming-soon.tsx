import { Flame, Hourglass, House, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { IconLink } from './icon-link';
import { PageIntro } from './page-intro';

/** An honest placeholder for a page whose content ships with a later capability. */
export function ComingSoon({ children }: { children?: ReactNode }) {
  // On Hot Deals itself, offer the stores list instead of a link back to the same page.
  const onHotDeals = /^\/hot-?deals/i.test(useLocation().pathname);
  return (
    <section
      aria-labelledby="coming-soon-heading"
      className="card mx-auto max-w-2xl px-6 py-10 text-center sm:px-10"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
        <Hourglass aria-hidden="true" className="size-7" />
      </span>
      <h2 id="coming-soon-heading" className="mt-5 text-xl font-bold text-slate-900 dark:text-white">
        This page is on its way.
      </h2>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
        {children ??
          "We're putting the finishing touches on it. In the meantime, there are deals waiting for you."}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <IconLink to="/" icon={House} className="btn-secondary">
          Home
        </IconLink>
        {onHotDeals ? (
          <IconLink to="/stores" icon={Store} className="btn-primary">
            All Stores
          </IconLink>
        ) : (
          <IconLink to="/hotdeals" icon={Flame} className="btn-primary">
            Hot Deals
          </IconLink>
        )}
      </div>
    </section>
  );
}

/** A whole page that is not built yet: its real h1 and title, then the ComingSoon panel. */
export function ComingSoonPage({ title, lead, note }: { title: string; lead?: ReactNode; note?: ReactNode }) {
  return (
    <>
      <PageIntro title={title} lead={lead} />
      <div className="content-width py-10 sm:py-14">
        <ComingSoon>{note}</ComingSoon>
      </div>
    </>
  );
}
