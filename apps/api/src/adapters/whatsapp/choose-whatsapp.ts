import type { WhatsAppConfig } from '../../config-whatsapp.js';
import { WhatsAppCloudClient } from './cloud-api-client.js';
import { WHATSAPP_SIMULATOR_URL, WhatsAppSimulator } from './whatsapp-simulator.js';
import type { WhatsAppSender } from './whatsapp-wire.js';

export interface WhatsAppSetup {
  /** Undefined while the channel is off (WHATSAPP_ENABLED=false): nothing goes by WhatsApp. */
  sender: WhatsAppSender | undefined;
  /** Present only in simulator mode, which production never is (config.ts refuses it). */
  simulator: WhatsAppSimulator | undefined;
}

/**
 * The Cloud API client against Meta with the real credentials, or the same client against the
 * in-process simulator (the default outside production), or nothing when the channel is off.
 */
export function chooseWhatsApp(config: WhatsAppConfig, isProduction: boolean): WhatsAppSetup {
  if (!config.enabled) return { sender: undefined, simulator: undefined };
  const credentials = {
    token: config.token,
    phoneNumberId: config.phoneNumberId,
    version: config.apiVersion,
  };
  if (config.mode === 'cloud') return { sender: new WhatsAppCloudClient(credentials), simulator: undefined };
  if (isProduction) throw new Error('The WhatsApp simulator is not available when NODE_ENV=production');
  const simulator = new WhatsAppSimulator({
    token: config.token,
    phoneNumberId: config.phoneNumberId,
    appSecret: config.appSecret,
  });
  const client = new WhatsAppCloudClient({
    ...credentials,
    baseUrl: WHATSAPP_SIMULATOR_URL,
    fetch: simulator.fetch,
  });
  return {
    sender: {
      sendTemplate: (to, template) => client.sendTemplate(to, template),
      recorded: (messageId) => simulator.recorded(messageId),
    },
    simulator,
  };
}
