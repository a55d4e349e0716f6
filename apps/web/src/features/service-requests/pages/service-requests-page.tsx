import { ClipboardList, Search } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { useDocumentTitle } from '../../../lib/document-title';

export function ServiceRequestsPage() {
  useDocumentTitle('Find Professional Services');
  return (
    <>
      <section className="bg-gradient-to-br from-orange-700 to-red-700 text-white dark:from-orange-800 dark:to-red-900">
        <div className="content-width py-12 sm:py-16">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight">Find Professional Services</h1>
          <p className="mt-3 max-w-2xl text-base text-orange-50 sm:text-lg">
            Tell providers what you need, set your budget and timeline, and compare the quotes they send you.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/request-service"
              className="btn bg-white text-orange-700 hover:bg-orange-50 focus-visible:ring-white focus-visible:ring-offset-orange-700"
            >
              <ClipboardList aria-hidden="true" className="size-4" />
              Post Service Request
            </Link>
            <Link
              to="/search"
              className="btn border border-white/60 text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-orange-700"
            >
              <Search aria-hidden="true" className="size-4" />
              Browse Discounted Services
            </Link>
          </div>
        </div>
      </section>
      <div className="content-width py-10 sm:py-14">
        <ComingSoon>
          Open service requests from customers and the quotes providers send will be listed here.
        </ComingSoon>
      </div>
    </>
  );
}
