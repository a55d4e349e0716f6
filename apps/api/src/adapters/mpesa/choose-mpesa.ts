import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import {
  DarajaClient,
  type MpesaGateway,
  type MpesaPayoutGateway,
  type MpesaRefundGateway,
} from './daraja-client.js';
import { MpesaSimulator } from './mpesa-simulator.js';

/** Where the simulator is mounted (outside /api/v1, so no API key). */
export const MPESA_SIMULATOR_PREFIX = '/mpesa-sim';

export interface MpesaSetup {
  gateway: MpesaGateway & MpesaPayoutGateway & MpesaRefundGateway;
  /** Present outside production when MPESA_ENV=simulator. */
  simulator: MpesaSimulator | undefined;
  /** The origin Daraja posts callbacks to: PUBLIC_URL, or this process itself for the simulator. */
  callbackOrigin(): string;
}

/**
 * MPESA_ENV=sandbox|production: the Daraja client against Safaricom, callbacks to PUBLIC_URL.
 * MPESA_ENV=simulator (default outside production): the same client against the in-process
 * simulator at this process's own listening address. Not PUBLIC_URL: the simulator keeps its
 * pushes in this process's memory, so the push, the query and the callback must all come back
 * here even when several processes sit behind one public URL.
 */
export function chooseMpesa(
  config: Config,
  address: () => AddressInfo | string | null,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): MpesaSetup {
  const { mpesa } = config;
  const credentials = {
    consumerKey: mpesa.consumerKey,
    consumerSecret: mpesa.consumerSecret,
    shortcode: mpesa.shortcode,
    passkey: mpesa.passkey,
    initiatorName: mpesa.initiatorName,
    securityCredential: mpesa.securityCredential,
    reversalInitiatorName: mpesa.reversalInitiatorName,
    reversalSecurityCredential: mpesa.reversalSecurityCredential,
    statusInitiatorName: mpesa.statusInitiatorName,
    statusSecurityCredential: mpesa.statusSecurityCredential,
  };
  if (mpesa.env !== 'simulator' && mpesa.baseUrl) {
    const publicUrl = mpesa.callbackOrigin ?? config.publicUrl!.replace(/\/+$/, '');
    return {
      gateway: new DarajaClient({
        ...credentials,
        baseUrl: mpesa.baseUrl,
        transactionType: mpesa.transactionType,
        partyB: mpesa.partyB,
      }),
      simulator: undefined,
      callbackOrigin: () => publicUrl,
    };
  }
  const ownOrigin = () => localOrigin(address());
  const simulator = new MpesaSimulator({
    ...credentials,
    auto: mpesa.simulatorAuto,
    autoDelayMs: mpesa.simulatorDelayMs,
    reversalInitiator: { name: mpesa.reversalInitiatorName, credential: mpesa.reversalSecurityCredential },
    statusInitiator: { name: mpesa.statusInitiatorName, credential: mpesa.statusSecurityCredential },
    log,
  });
  return {
    gateway: new DarajaClient({
      ...credentials,
      baseUrl: () => `${ownOrigin()}${MPESA_SIMULATOR_PREFIX}`,
      transactionType: mpesa.transactionType,
      partyB: mpesa.partyB,
    }),
    simulator,
    callbackOrigin: ownOrigin,
  };
}

/** http://127.0.0.1:PORT for a server listening on every interface; throws when not listening. */
export function localOrigin(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') {
    throw new Error('The M-Pesa simulator needs the server to be listening (app.listen) to be reached');
  }
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
