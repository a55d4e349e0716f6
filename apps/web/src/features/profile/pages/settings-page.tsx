import { useT } from '@d3/ui';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { HeadedSection } from '../../../components/headed-section';
import { LanguageSwitch } from '../../../components/language-switch';
import { PageIntro } from '../../../components/page-intro';
import { ErrorPanel } from '../../../components/state-panels';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useSession } from '../../../lib/use-session';
import { NotificationSettings } from '../components/notification-settings';
import { ProfileForm } from '../components/profile-form';
import { SkeletonBlock } from '../components/profile-states';
import { SecuritySection } from '../components/security-section';

export function SettingsPage() {
  const t = useT();
  const token = useSession()?.token ?? null;
  const userQuery = useCurrentUser(token);
  const user = userQuery.data;

  return (
    <>
      <PageIntro title={t('profile.settings.title')} lead={t('profile.settings.lead')}>
        <Link
          to="/profile"
          className="focus-ring mt-4 inline-flex items-center gap-1 rounded text-sm font-medium text-orange-700 hover:underline dark:text-orange-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('profile.settings.back')}
        </Link>
      </PageIntro>
      <div className="content-width max-w-3xl space-y-6 py-6 sm:py-10">
        {userQuery.isError ? (
          <ErrorPanel onRetry={() => void userQuery.refetch()} />
        ) : !user ? (
          <div role="status" className="space-y-4">
            <span className="sr-only">{t('profile.settings.loading')}</span>
            <SkeletonBlock className="h-72" />
            <SkeletonBlock className="h-48" />
          </div>
        ) : (
          <>
            <HeadedSection
              id="profile-heading"
              title={t('profile.settings.profile')}
              className="card p-5 sm:p-6"
              headingClassName="mb-4"
            >
              <ProfileForm key={user.id} user={user} token={token} />
            </HeadedSection>
            <HeadedSection
              id="language-heading"
              title={t('profile.settings.language')}
              className="card p-5 sm:p-6"
              headingClassName="mb-4"
            >
              <LanguageSwitch variant="compact" />
            </HeadedSection>
            <NotificationSettings token={token} />
            <SecuritySection />
          </>
        )}
      </div>
    </>
  );
}
