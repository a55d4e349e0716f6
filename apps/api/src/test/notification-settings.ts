import type { FastifyInstance } from 'fastify';
import { API, call } from './build-app.js';

/** A new customer's switches in the account form's view of the notification settings. */
export const ACCOUNT_SETTINGS_DEFAULTS = {
  notifications: true,
  emailUpdates: false,
  smsAlerts: true,
  whatsapp: false,
};

/**
 * The account form's view of a customer's notification switches: GET /users/notification-settings,
 * or PUT the switches in `changes` there.
 */
export function accountSettings(app: FastifyInstance, token: string, changes?: Record<string, unknown>) {
  const url = `${API}/users/notification-settings`;
  return changes ? call(app, 'PUT', url, { token, body: changes }) : call(app, 'GET', url, { token });
}
