import { accountsRoutes } from '@d3/shared/api/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call, SIGN_IN_PATH } from '../api-client';
import { clearTokens } from '../auth-token';
import { duringSessionChange } from '../socket';

/** POST /users/logout clears the HttpOnly `access_token` cookie, which script cannot reach. */
export function signOutUser(): Promise<unknown> {
  return call(accountsRoutes.logout);
}

/** Signs out everywhere this browser keeps the session, forgets cached personal data, goes to sign-in. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // The server ends this tab's socket too: expected here, not a lost session.
    await duringSessionChange(async () => {
      try {
        await signOutUser();
      } catch {
        // Signing out must work offline too: the local tokens go regardless.
      }
      clearTokens();
    });
    queryClient.removeQueries({ queryKey: ['users'] });
    navigate(SIGN_IN_PATH);
  }, [navigate, queryClient]);
}
