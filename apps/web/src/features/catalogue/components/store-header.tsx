import type { TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Clock, Heart, LoaderCircle, MapPin, MessageCircle, Tag, Users } from 'lucide-react';
import { Link } from 'react-router';
import { STORE_SOCIAL_LABELS, StoreSocialIcon } from '../../../components/brand-icons';
import { EntityImage } from '../../../components/entity-image';
import { IconLink } from '../../../components/icon-link';
import { IconText } from '../../../components/icon-text';
import { RatingStars } from '../../../components/rating-stars';
import { followersText, useFollowTap } from '../../../components/store-card';
import { earlyTap } from '../../../lib/early-taps';
import { signInUrlFor, storeChatPath } from '../../../lib/sign-in';
import { useSession } from '../../../lib/use-session';
import { formatHours, formatWorkingDays } from './store-hours';

/** The look of the header's facts under the name (followers, category, place). */
const FACT = { className: 'inline-flex items-center gap-1.5', iconClassName: 'size-4 text-slate-400' };

/** The store profile's header (seed 000 §2 "Store profile"): identity, real rating, socials, Follow and Chat. */
export function StoreHeader({ store }: { store: TStoreDetail }) {
  const t = useT();
  const session = useSession();
  const { follow, onTap: onFollow } = useFollowTap(store.id);
  const following = store.following === true;
  const hours = formatHours(store.opening_time, store.closing_time);
  const days = formatWorkingDays(store.working_days);
  const chatPath = storeChatPath(store.id);

  return (
    <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="content-width py-6 sm:py-10">
        <nav aria-label={t('common.breadcrumb')} className="mb-4 text-sm text-slate-500 dark:text-slate-400">
          <Link to="/stores" className="focus-ring rounded hover:text-orange-700 dark:hover:text-orange-400">
            {t('offer.stores')}
          </Link>
          <span aria-hidden="true" className="mx-2">
            /
          </span>
          <span aria-current="page" className="text-slate-700 dark:text-slate-200">
            {store.name}
          </span>
        </nav>
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
          <EntityImage
            src={store.logo_url}
            name={store.name}
            loading="eager"
            sizes="(min-width: 640px) 96px, 80px"
            className="size-20 shrink-0 rounded-2xl border border-slate-200 text-2xl sm:size-24 dark:border-slate-700"
          />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
              {store.name}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600 dark:text-slate-300">
              <RatingStars rating={store.rating} reviewCount={store.totalReviews} size="md" />
              <IconText icon={Users} {...FACT}>
                {followersText(store.followers)}
              </IconText>
              {store.category && (
                <IconText icon={Tag} {...FACT}>
                  {store.category}
                </IconText>
              )}
              {store.location && (
                <IconText icon={MapPin} {...FACT}>
                  {[store.location, store.area].filter(Boolean).join(', ')}
                </IconText>
              )}
            </div>
            {store.description && (
              <p className="mt-4 max-w-3xl text-base text-slate-700 dark:text-slate-300">
                {store.description}
              </p>
            )}
            {(hours || days) && (
              <p className="mt-3 inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
                <Clock aria-hidden="true" className="size-4 text-slate-400" />
                {hours && <span className="font-medium text-slate-800 dark:text-slate-100">{hours}</span>}
                {days && <span>{days}</span>}
              </p>
            )}
            {store.socialLinks.length > 0 && (
              <ul aria-label={t('store.socialLinks')} className="mt-4 flex flex-wrap gap-2">
                {store.socialLinks.map((social) => {
                  const label = STORE_SOCIAL_LABELS[social.platform.toLowerCase()] ?? social.platform;
                  return (
                    <li key={social.id}>
                      <a
                        href={social.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('store.socialOn', { store: store.name, network: label })}
                        title={label}
                        className="focus-ring grid size-9 place-items-center rounded-full border border-slate-200 text-slate-600 hover:border-orange-300 hover:text-orange-700 dark:border-slate-700 dark:text-slate-300 dark:hover:text-orange-400"
                      >
                        <StoreSocialIcon platform={social.platform} className="size-4" />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <div className="flex gap-3 sm:w-auto lg:flex-col">
            <button
              type="button"
              {...earlyTap(`follow-store:${store.id}`)}
              onClick={onFollow}
              disabled={follow.isPending}
              aria-pressed={following}
              className={clsx('flex-1 lg:w-40 lg:flex-none', following ? 'btn-secondary' : 'btn-primary')}
            >
              {follow.isPending ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Heart
                  aria-hidden="true"
                  className={clsx('size-4', following && 'fill-current text-red-600')}
                />
              )}
              {following ? t('card.following') : t('card.follow')}
            </button>
            <IconLink
              to={session ? chatPath : signInUrlFor(chatPath)}
              icon={MessageCircle}
              className="btn-secondary flex-1 lg:w-40 lg:flex-none"
            >
              {t('store.chat')}
            </IconLink>
          </div>
        </div>
      </div>
    </div>
  );
}
