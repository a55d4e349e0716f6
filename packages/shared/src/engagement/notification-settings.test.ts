import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CENTRE_DEFAULTS, ZNotificationSettings } from './engagement-schemas.js';

describe('notification centre defaults', () => {
  it('name every switch of the centre, each on, and nothing else', () => {
    expect(Object.keys(NOTIFICATION_CENTRE_DEFAULTS).sort()).toEqual(
      ['bookings', 'email', 'messages', 'offers', 'push', 'storeUpdates'].sort(),
    );
    expect(Object.keys(ZNotificationSettings.shape).sort()).toEqual(
      Object.keys(NOTIFICATION_CENTRE_DEFAULTS).sort(),
    );
    expect(Object.values(NOTIFICATION_CENTRE_DEFAULTS).filter((on) => on !== true)).toEqual([]);
    expect(Object.isFrozen(NOTIFICATION_CENTRE_DEFAULTS)).toBe(true);
  });
});
