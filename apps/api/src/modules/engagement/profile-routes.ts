import { profileContract as c } from '@d3/shared/engagement/engagement-contract';
import { ENGAGEMENT_MESSAGES } from '@d3/shared/engagement/engagement-schemas';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import { toLocale, toUserView } from '../accounts/accounts-service.js';
import { publishBookingEvents } from '../bookings/bookings-service.js';
import { publishRequestEvents } from '../service-requests/service-requests-service.js';
import * as service from './profile-service.js';

/**
 * Profile data and settings (seed 000 §2 "Profile dashboard", "Profile & settings", §3 "Dashboard
 * stats"; seed 001 §7 users/service-statistics, rewards, notification-settings; issue 5).
 */
export default async function profileRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;
  /** Writes of the caller's own settings: the public cache keeps its answers (issue 14). */
  const privateWrite = { config: { changesPublicData: false } };

  route(c.serviceStatistics, async (request) => {
    const data = await service.serviceStatistics(app.db, subOf(request));
    return { success: true as const, ...data, data };
  });
  route(c.rewards, async (request) => {
    const points = await service.rewardPoints(app.db, subOf(request));
    return { success: true as const, points, rewardPoints: points };
  });
  route(c.accountNotificationSettings, async (request) => {
    const settings = service.toAccountView(await service.notificationSettings(app.db, subOf(request)));
    return { success: true as const, settings, data: settings };
  });

  route(
    c.saveAccountNotificationSettings,
    async (request) => {
      const settings = service.toAccountView(
        await service.saveAccountSettings(app.db, subOf(request), request.body),
      );
      return { success: true as const, message: ENGAGEMENT_MESSAGES.settingsSaved, settings, data: settings };
    },
    privateWrite,
  );

  // Customers and merchants alike (issue 13): each reads and writes only their own switches.
  const ownerOf = (request: { session: { sub: string; role: 'customer' | 'merchant' } | null }) => ({
    role: request.session!.role,
    id: subOf(request),
  });

  route(c.notificationSettings, async (request) => {
    const settings = await service.centreSettingsOf(app.db, ownerOf(request));
    return { success: true as const, settings, data: settings };
  });
  route(
    c.saveNotificationSettings,
    async (request) => {
      const settings = await service.saveCentreSettingsOf(app.db, ownerOf(request), request.body);
      return { success: true as const, message: ENGAGEMENT_MESSAGES.settingsSaved, settings, data: settings };
    },
    privateWrite,
  );

  route(
    c.preferences,
    async (request) => {
      const user = await service.setPreferences(app.db, subOf(request), request.body);
      return {
        success: true as const,
        message: ENGAGEMENT_MESSAGES.preferencesSaved,
        darkMode: user.darkMode,
        dark_mode: user.darkMode,
        locale: toLocale(user.locale),
        user: toUserView(user),
      };
    },
    privateWrite,
  );

  route(
    c.changePassword,
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const user = await service.changePassword(app.db, subOf(request), currentPassword, newPassword);
      app.events.publish('account.sessions_revoked', {
        role: 'customer',
        accountId: user.id,
        tokenVersion: user.tokenVersion,
        at: new Date(),
      });
      // The version moved on: this device gets a fresh token, every other token is refused.
      const accessToken = await app.signAccessToken({
        sub: user.id,
        role: 'customer',
        tv: user.tokenVersion,
      });
      app.setAccessTokenCookie(reply, accessToken);
      return {
        success: true as const,
        message: ENGAGEMENT_MESSAGES.passwordChanged,
        access_token: accessToken,
      };
    },
    privateWrite,
  );

  route(c.deleteAccount, async (request, reply) => {
    const { bookingEvents, requestEvents } = await service.deleteAccount(
      app.db,
      subOf(request),
      request.body.password,
    );
    publishBookingEvents(app.events, bookingEvents);
    publishRequestEvents(app.events, requestEvents);
    app.events.publish('account.deleted', { userId: subOf(request), role: 'customer', at: new Date() });
    app.clearAccessTokenCookie(reply);
    return { success: true as const, message: ENGAGEMENT_MESSAGES.accountDeleted };
  });
}
