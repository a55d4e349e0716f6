import type { DarajaClientOptions } from '../adapters/mpesa/daraja-client.js';
import type { MpesaSimulatorOptions } from '../adapters/mpesa/mpesa-simulator.js';
import { SIMULATOR_MPESA_CREDENTIALS } from '../config.js';

const { shortcode, passkey, consumerKey, consumerSecret } = SIMULATOR_MPESA_CREDENTIALS;

/** A simulator that answers only when a test settles (no automatic outcome), with the simulator's credentials. */
export function quietSimulatorOptions(): MpesaSimulatorOptions {
  return { consumerKey, consumerSecret, shortcode, passkey, auto: 'none', autoDelayMs: 0 };
}

/** The real Daraja client's options for the simulator mounted at `${origin}/sim` (STK Push to the paybill). */
export function simulatorClientOptions(origin: string) {
  return {
    baseUrl: `${origin}/sim`,
    consumerKey,
    consumerSecret,
    shortcode,
    passkey,
    transactionType: 'CustomerPayBillOnline',
    partyB: shortcode,
  } satisfies Partial<DarajaClientOptions>;
}
