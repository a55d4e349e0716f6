import { accountsRoutes } from '@d3/shared/api/routes';
import { usePostMutation } from './post-mutation';

/** POST /users/login: 401 'Invalid credentials', 429 'Too many requests. Please try again in N seconds.' */
export function useSignInUser() {
  return usePostMutation(accountsRoutes.login);
}
