import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../plugins/auth.js';
import { revokeSessions } from './accounts-service.js';

/**
 * Logout revokes (issue 14 finding 7): when the request carries a current token of `role`
 * (Bearer header or that role's cookie), the account's token version moves on, so the token
 * stops working everywhere, not only in this browser. A missing, stale or foreign token is not
 * an error: logout still clears the cookie and answers 200.
 */
export async function revokeRequestSession(
  app: FastifyInstance,
  request: FastifyRequest,
  role: Role,
): Promise<void> {
  let session: Awaited<ReturnType<FastifyInstance['readSession']>> = null;
  try {
    session = await app.readSession(request, role);
  } catch {
    return;
  }
  if (session?.role === role) await revokeSessions(app.accounts, session);
}
