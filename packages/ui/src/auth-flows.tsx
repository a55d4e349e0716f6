import type { TLoginRequest } from '@d3/shared/accounts/accounts-schemas';
import { type ReactNode, useRef, useState } from 'react';
import { RequestResetForm, ResetPasswordForm } from './auth-forms';

/** Seed 000 §2: the redirect after signing in waits 100 ms. */
export const AFTER_SIGN_IN_DELAY_MS = 100;

/**
 * A sign-in page's flow on both sites: call the site's sign-in, keep its token, wait the seed's 100 ms,
 * then go on. `signingIn` stays set from the answer on, so the page's "already signed in" check lets
 * the wait finish instead of redirecting at once.
 */
export function usePasswordSignIn({
  signedIn,
  signIn,
  saveToken,
  goOn,
}: {
  /** True when the visitor already holds a session. */
  signedIn: boolean;
  signIn: (values: TLoginRequest) => Promise<{ access_token: string }>;
  saveToken: (token: string) => void;
  goOn: () => void;
}) {
  const signingIn = useRef(false);
  const onSubmit = async (values: TLoginRequest) => {
    const response = await signIn(values);
    signingIn.current = true;
    saveToken(response.access_token);
    await new Promise((resolve) => window.setTimeout(resolve, AFTER_SIGN_IN_DELAY_MS));
    goOn();
  };
  return {
    /** Signed in before this page acted: the page redirects straight away. */
    alreadySignedIn: signedIn && !signingIn.current,
    /** For sign-in paths other than the form (e.g. Google), so the redirect waits for them too. */
    markSigningIn: () => {
      signingIn.current = true;
    },
    /** SignInForm's `busy` and `onSubmit`. */
    form: { busy: signingIn.current, onSubmit },
  };
}

/** A site's reset call, as its react-query mutation gives it. */
interface ResetCall<B> {
  mutateAsync: (body: B) => Promise<{ message?: string }>;
}

/**
 * The two steps of a password reset on both sites: the e-mail form until a code was sent, then the code
 * and new-password form. Gives the e-mail the code went to (null in step one; the page's heading
 * follows it) and the step to show; `afterReset` gets the server's message once the password changed.
 */
export function usePasswordReset({
  emailLabel,
  emailPlaceholder,
  problemText,
  request,
  reset,
  afterReset,
}: {
  emailLabel: string;
  emailPlaceholder?: string;
  problemText?: (error: unknown) => string;
  request: ResetCall<{ email: string }>;
  reset: ResetCall<{ email: string; otp: string; newPassword: string }>;
  afterReset: (message: string | undefined) => void;
}): { email: string | null; steps: ReactNode } {
  const [email, setEmail] = useState<string | null>(null);
  const steps = email ? (
    <ResetPasswordForm
      email={email}
      onChangeEmail={() => setEmail(null)}
      onSubmit={async (values) => {
        const response = await reset.mutateAsync({ email, ...values });
        afterReset(response.message);
      }}
    />
  ) : (
    <RequestResetForm
      emailLabel={emailLabel}
      emailPlaceholder={emailPlaceholder}
      problemText={problemText}
      onSubmit={async (sentTo) => {
        await request.mutateAsync({ email: sentTo });
        setEmail(sentTo);
      }}
    />
  );
  return { email, steps };
}
