import { supportRoutes } from '@d3/shared/api/routes';
import { call } from '../api-client';

/** POST /newsletter { email } (API contract decision 6: the address is stored and confirmed). */
export function subscribeNewsletter(email: string) {
  return call(supportRoutes.newsletter, { body: { email } });
}
