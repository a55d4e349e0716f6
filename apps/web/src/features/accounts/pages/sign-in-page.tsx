import { SignInForm, usePasswordSignIn, useT } from '@d3/ui';
import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { OrDivider } from '../../../components/form-fields';
import { useStore } from '../../../lib/api/get-store';
import { setToken } from '../../../lib/auth-token';
import { chatStoreOf } from '../../../lib/sign-in';
import { siteText } from '../../../lib/site-i18n';
import { toastError } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useSignInUser } from '../api/sign-in-user';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { GoogleSignInButton } from '../components/google-sign-in';
import { resolveAfterSignIn } from '../lib/auth-redirect';

/**
 * Seed 001 §8 "Chat": a visitor sent here by a store's Chat reads 'Please log in to chat with {store}'.
 * The page learns it from where it leads back (`/chat/Store/{id}`) and the store's own name, so a tap
 * on Chat before the store page hydrated (a plain link) is told the same, and a crafted address can
 * name no store of its own making.
 */
function useChatReason(target: string, signedIn: boolean) {
  const storeId = signedIn ? null : chatStoreOf(target);
  const storeName = useStore(storeId ?? '').data?.store.name;
  useEffect(() => {
    if (storeName) toastError(siteText('accounts.signIn.chatReason', { store: storeName }));
  }, [storeName]);
}

export function SignInPage() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignInUser();
  const target = resolveAfterSignIn(location.search, location.state);
  // While this page itself signs the visitor in, the signed-in check below waits for the 100 ms redirect.
  const flow = usePasswordSignIn({
    signedIn: session !== null,
    signIn: signIn.mutateAsync,
    saveToken: setToken,
    goOn: () => navigate(target, { replace: true }),
  });
  useChatReason(target, session !== null);

  if (flow.alreadySignedIn) return <Navigate to={target} replace />;

  const signUpHref = `/accounts/sign-up${target !== '/' ? `?redirect=${encodeURIComponent(target)}` : ''}`;

  return (
    <AuthShell
      title={t('accounts.signIn.title')}
      icon={LogIn}
      lead={t('accounts.signIn.lead')}
      footer={
        <>
          {t('accounts.signIn.new')}{' '}
          <Link to={signUpHref} className={authLinkClass}>
            {t('accounts.signIn.create')}
          </Link>
        </>
      }
    >
      <SignInForm
        emailLabel={t('accounts.email')}
        emailPlaceholder={t('newsletter.placeholder')}
        linkComponent={Link}
        {...flow.form}
      />
      <OrDivider />
      <GoogleSignInButton redirectTo={target} onSignedIn={flow.markSigningIn} />
    </AuthShell>
  );
}
