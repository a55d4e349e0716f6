/** A browser's push subscription as the Push API gives it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Sends one Web Push message. 'gone' means the push service answered 404 or 410: the
 * subscription is dead and its row is deleted. Any other failure throws.
 */
export interface PushSender {
  readonly publicKey: string | null;
  send(target: PushTarget, payload: string): Promise<'sent' | 'gone'>;
}

export const NO_PUSH: PushSender = {
  publicKey: null,
  send: async () => 'sent',
};
