import { useT } from '@d3/ui';
import { Headset, Sparkles, Store } from 'lucide-react';
import { Link } from 'react-router';
import { MERCHANT_SIGN_UP_URL } from '../lib/site-links';
import { NewTabLink } from './new-tab-link';

export function PromoStrip() {
  const t = useT();
  return (
    <div className="bg-slate-900 text-slate-100 dark:bg-black">
      <div className="content-width flex min-h-9 items-center justify-center gap-4 py-1.5 text-xs sm:text-sm md:justify-between">
        <p className="flex items-center gap-2 text-center">
          <Sparkles aria-hidden="true" className="hidden size-4 shrink-0 text-orange-400 sm:block" />
          <span>{t('promo.text')}</span>
        </p>
        <div className="hidden items-center gap-5 md:flex">
          <NewTabLink
            href={MERCHANT_SIGN_UP_URL}
            className="focus-ring inline-flex items-center gap-1.5 rounded font-medium text-orange-300 hover:text-orange-200"
          >
            <Store aria-hidden="true" className="size-4" />
            {t('footer.listBusiness')}
          </NewTabLink>
          <Link
            to="/contact-us"
            className="focus-ring inline-flex items-center gap-1.5 rounded font-medium hover:text-white"
          >
            <Headset aria-hidden="true" className="size-4" />
            {t('promo.support')}
          </Link>
        </div>
      </div>
    </div>
  );
}
