import type { TUser } from '@d3/shared/accounts/accounts-schemas';
import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import {
  BadgeCheck,
  CalendarCheck,
  ClipboardList,
  Flame,
  Heart,
  LogOut,
  Mail,
  Moon,
  Pencil,
  Phone,
  Settings,
  ShieldCheck,
  Store,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { HeadedSection } from '../../../components/headed-section';
import { IconLink } from '../../../components/icon-link';
import { PageIntro } from '../../../components/page-intro';
import { ErrorPanel } from '../../../components/state-panels';
import { currentUserQueryKey, useCurrentUser } from '../../../lib/api/get-current-user';
import { useSignOut } from '../../../lib/api/sign-out-user';
import { isApiError } from '../../../lib/api-client';
import { effectiveDarkMode, setDarkModePreference } from '../../../lib/color-scheme';
import { useGoToSignIn } from '../../../lib/sign-in';
import { siteText } from '../../../lib/site-i18n';
import { toastError } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { updateDarkMode, useServiceStatistics } from '../api/profile-api';
import { AchievementsPanel } from '../components/achievements-panel';
import { SkeletonBlock } from '../components/profile-states';
import { Switch } from '../components/switch';
import { VerifyPhoneAction } from '../components/verify-phone-dialog';
import { achievementsFor } from '../lib/achievements';

const QUICK_ACTIONS = [
  { to: '/hotdeals', label: 'profile.home.browseOffers', short: 'profile.home.offers', icon: Flame },
  { to: '/stores', label: 'profile.home.findStores', short: 'profile.home.stores', icon: Store },
  {
    to: '/service-requests',
    label: 'profile.home.serviceRequests',
    short: 'profile.home.requests',
    icon: ClipboardList,
  },
  { to: '/profile/settings', label: 'profile.home.settings', short: 'profile.home.settings', icon: Settings },
] as const;

function VerifiedBadge({ verified, label }: { verified: boolean; label: string }) {
  const t = useT();
  if (!verified)
    return (
      <span className="text-xs text-slate-500 dark:text-slate-400">{t('profile.home.notVerified')}</span>
    );
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}

function StatTile({
  to,
  label,
  value,
  icon,
}: {
  to: string;
  label: string;
  value: ReactNode;
  icon: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="card focus-ring flex items-center gap-3 p-4 transition-colors hover:border-orange-300 dark:hover:border-orange-500/50"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-xl font-bold text-slate-900 dark:text-white">{value}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-300">{label}</span>
      </span>
    </Link>
  );
}

function DarkModeToggle({ user, token }: { user: TUser; token: string | null }) {
  const t = useT();
  const queryClient = useQueryClient();
  const labelId = useId();
  const [saving, setSaving] = useState(false);
  const checked = effectiveDarkMode(user.dark_mode);

  const save = async (next: boolean | null) => {
    const previous = user.dark_mode;
    setDarkModePreference(next);
    queryClient.setQueryData<TUser>(currentUserQueryKey(token), { ...user, dark_mode: next });
    setSaving(true);
    try {
      await updateDarkMode(next);
    } catch {
      setDarkModePreference(previous);
      queryClient.setQueryData<TUser>(currentUserQueryKey(token), { ...user, dark_mode: previous });
      toastError(t('profile.home.darkModeFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Moon aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
      <span id={labelId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('profile.home.darkMode')}
      </span>
      <Switch checked={checked} onChange={(next) => void save(next)} disabled={saving} labelledBy={labelId} />
      {user.dark_mode === null ? (
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {t('profile.home.followingSystem')}
        </span>
      ) : (
        <button
          type="button"
          onClick={() => void save(null)}
          disabled={saving}
          className="focus-ring rounded text-xs font-medium text-orange-700 underline-offset-2 hover:underline dark:text-orange-400"
        >
          {t('profile.home.useSystem')}
        </button>
      )}
    </div>
  );
}

/** Seed 000 §2 "Profile dashboard" and §9 "Session-error redirect 2 s". */
export const PROFILE_MESSAGES = {
  get sessionExpired() {
    return siteText('profile.home.sessionExpired');
  },
  get loadFailed() {
    return siteText('profile.home.loadFailed');
  },
};
export const SESSION_REDIRECT_DELAY_MS = 2000;

/** A 401 while loading: say so, then go to sign-in (coming back to /profile) after 2 s. */
function SessionExpired() {
  const t = useT();
  const goToSignIn = useGoToSignIn();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      goToSignIn('/profile', { replace: true });
    }, SESSION_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [goToSignIn]);
  return (
    <div role="alert" className="card mx-auto max-w-lg px-6 py-10 text-center">
      <p className="text-base font-semibold text-slate-900 dark:text-white">
        {PROFILE_MESSAGES.sessionExpired}
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('profile.home.takingToSignIn')}</p>
    </div>
  );
}

function ProfileSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">{t('profile.settings.loading')}</span>
      <SkeletonBlock className="h-36 w-full" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <SkeletonBlock key={key} className="h-20" />
        ))}
      </div>
      <SkeletonBlock className="h-56 w-full" />
    </div>
  );
}

export function ProfilePage() {
  const t = useT();
  const session = useSession();
  const token = session?.token ?? null;
  const userQuery = useCurrentUser(token);
  const statsQuery = useServiceStatistics(token);
  const signOut = useSignOut();
  const user = userQuery.data;
  const stats = statsQuery.data;

  const failed = userQuery.isError || statsQuery.isError;
  const loadError = userQuery.error ?? statsQuery.error;
  // The API client drops the tokens on a 401 before the error reaches this page, so a session that
  // disappears while the page is open counts as expired too.
  const [hadSession, setHadSession] = useState(token !== null);
  useEffect(() => {
    if (token !== null) setHadSession(true);
  }, [token]);
  const sessionExpired =
    (isApiError(loadError) && loadError.status === 401) || (hadSession && token === null);
  const retry = () => {
    void userQuery.refetch();
    void statsQuery.refetch();
  };

  return (
    <>
      <PageIntro
        title={t('profile.home.title')}
        lead={
          user
            ? t('profile.home.welcome', { name: user.firstName })
            : session?.firstName
              ? t('profile.home.welcome', { name: session.firstName })
              : undefined
        }
      >
        <div className="mt-5 flex flex-wrap gap-3">
          <IconLink to="/profile/settings" icon={Pencil} className="btn-primary">
            {t('profile.home.edit')}
          </IconLink>
          <button type="button" onClick={() => void signOut()} className="btn-secondary">
            <LogOut aria-hidden="true" className="size-4" />
            {t('profile.home.signOut')}
          </button>
        </div>
      </PageIntro>

      <div className="content-width space-y-6 py-6 sm:py-10">
        <nav aria-label={t('profile.home.shortcuts')} className="card md:hidden">
          <ul className="grid grid-cols-4">
            {QUICK_ACTIONS.map(({ to, short, icon: Icon }) => (
              <li key={to} className="flex">
                <Link
                  to={to}
                  className="focus-ring flex min-h-16 flex-1 flex-col items-center justify-center gap-1 rounded-lg text-xs font-medium text-slate-700 dark:text-slate-200"
                >
                  <Icon aria-hidden="true" className="size-5 text-orange-600 dark:text-orange-400" />
                  {t(short)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {sessionExpired ? (
          <SessionExpired />
        ) : failed ? (
          <ErrorPanel
            title={t('common.somethingWrong')}
            message={PROFILE_MESSAGES.loadFailed}
            onRetry={retry}
          />
        ) : !user || !stats ? (
          <ProfileSkeleton />
        ) : (
          <>
            <section aria-labelledby="account-heading" className="card p-5 sm:p-6">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
                <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-orange-500 to-rose-500 text-2xl font-bold text-white">
                  {user.avatar ? (
                    <img src={user.avatar} alt="" className="size-full object-cover" />
                  ) : (
                    (user.firstName.charAt(0) || '?').toUpperCase()
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <h2 id="account-heading" className="text-lg font-bold text-slate-900 dark:text-white">
                    {user.firstName} {user.lastName}
                  </h2>
                  <dl className="mt-2 space-y-2 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <dt className="sr-only">{t('profile.home.email')}</dt>
                      <Mail aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
                      <dd className="break-all text-slate-700 dark:text-slate-200">{user.email}</dd>
                      <dd>
                        <VerifiedBadge
                          verified={user.isEmailVerified}
                          label={t('profile.home.emailVerified')}
                        />
                      </dd>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <dt className="sr-only">{t('profile.home.phone')}</dt>
                      <Phone aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
                      <dd className="text-slate-700 dark:text-slate-200">
                        {user.phoneNumber || t('profile.home.noPhone')}
                      </dd>
                      <dd>
                        <VerifiedBadge
                          verified={user.isPhoneVerified}
                          label={t('profile.home.phoneVerified')}
                        />
                      </dd>
                      {!user.isPhoneVerified && user.phoneNumber && (
                        <dd>
                          <VerifyPhoneAction phone={user.phoneNumber} />
                        </dd>
                      )}
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <dt className="sr-only">{t('profile.home.identity')}</dt>
                      <ShieldCheck aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
                      <dd className="text-slate-700 dark:text-slate-200">{t('profile.home.identity')}</dd>
                      <dd>
                        <VerifiedBadge verified={user.isKYCVerified} label={t('profile.home.idVerified')} />
                      </dd>
                    </div>
                  </dl>
                </div>
              </div>
              <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
                <DarkModeToggle user={user} token={token} />
              </div>
            </section>

            <section
              aria-label={t('profile.home.activity')}
              className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4"
            >
              {(
                [
                  ['/profile/bookings', 'profile.home.bookings', stats.totalBookings, CalendarCheck],
                  ['/profile/favourites', 'profile.home.favourites', stats.totalFavorites, Heart],
                  ['/profile/followed-stores', 'profile.home.followedStores', stats.followedStores, Store],
                  ['/profile/earn', 'profile.home.rewardPoints', formatKesShort(stats.rewardPoints), Wallet],
                ] as const
              ).map(([to, label, value, Icon]) => (
                <StatTile
                  key={to}
                  to={to}
                  label={t(label)}
                  value={value}
                  icon={<Icon aria-hidden="true" className="size-5" />}
                />
              ))}
            </section>

            <div className="grid gap-6 lg:grid-cols-3">
              <div className="lg:col-span-2">
                <AchievementsPanel achievements={achievementsFor(stats)} />
              </div>
              <HeadedSection
                id="quick-actions-heading"
                title={t('profile.home.quickActions')}
                className="card hidden p-5 sm:p-6 md:block"
              >
                <ul className="mt-4 space-y-2">
                  {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
                    <li key={to}>
                      <Link
                        to={to}
                        className={clsx(
                          'focus-ring flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50',
                          'dark:border-slate-800 dark:text-slate-100 dark:hover:bg-slate-800',
                        )}
                      >
                        <Icon aria-hidden="true" className="size-4 text-orange-600 dark:text-orange-400" />
                        {t(label)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </HeadedSection>
            </div>
          </>
        )}
      </div>
    </>
  );
}
