import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseWhatsApp } from './adapters/whatsapp/choose-whatsapp.js';
import { WhatsAppCloudClient } from './adapters/whatsapp/cloud-api-client.js';
import { type ConfigError, loadConfig } from './config.js';
import { PRODUCTION_PROVIDER_ENV } from './test/production-env.js';

/** Outside production the JWT key and callback token are generated into DATA_DIR: a scratch one. */
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'd3-wa-config-'));
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ...PRODUCTION_PROVIDER_ENV };
const META = {
  WHATSAPP_TOKEN: 'EAAG-test-system-user-token',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'a'.repeat(32),
  WHATSAPP_VERIFY_TOKEN: 'v'.repeat(24),
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as ConfigError).problems;
  }
  return [];
}

describe('WhatsApp configuration (issue 36)', () => {
  it('production requires the real credentials only when the channel is on', () => {
    expect(problemsOf({ ...PRODUCTION, WHATSAPP_ENABLED: 'true' })).toEqual([
      'WHATSAPP_TOKEN: required when NODE_ENV=production and WHATSAPP_ENABLED=true',
      'WHATSAPP_PHONE_NUMBER_ID: required when NODE_ENV=production and WHATSAPP_ENABLED=true',
      'WHATSAPP_APP_SECRET: required when NODE_ENV=production and WHATSAPP_ENABLED=true',
      'WHATSAPP_VERIFY_TOKEN: required when NODE_ENV=production and WHATSAPP_ENABLED=true',
    ]);
    // Off (the production default): nothing required, nothing sent on WhatsApp.
    const off = loadConfig(PRODUCTION).whatsapp;
    expect(off.enabled).toBe(false);
    expect(chooseWhatsApp(off, true)).toEqual({ sender: undefined, simulator: undefined });
  });

  it('production with the credentials talks to Meta’s Graph API; the simulator never reaches production', () => {
    const config = loadConfig({ ...PRODUCTION, WHATSAPP_ENABLED: 'true', ...META }).whatsapp;
    expect(config).toMatchObject({ enabled: true, mode: 'cloud', apiVersion: 'v23.0', paceMs: 6000 });
    const setup = chooseWhatsApp(config, true);
    expect(setup.simulator).toBeUndefined();
    expect(setup.sender).toBeInstanceOf(WhatsAppCloudClient);
    expect((setup.sender as WhatsAppCloudClient).url).toBe(
      'https://graph.facebook.com/v23.0/106540352242922/messages',
    );
    const simulated = loadConfig({ NODE_ENV: 'test', DATA_DIR }).whatsapp;
    expect(simulated).toMatchObject({ enabled: true, mode: 'simulator' });
    expect(() => chooseWhatsApp(simulated, true)).toThrow(/not available when NODE_ENV=production/);
  });

  it('outside production: the simulator by default, all four credentials or none', () => {
    expect(problemsOf({ NODE_ENV: 'development', DATA_DIR, WHATSAPP_TOKEN: 'only-the-token' })).toEqual([
      'WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: set all four WhatsApp credentials or none (the simulator)',
    ]);
    expect(
      problemsOf({ NODE_ENV: 'development', DATA_DIR, WHATSAPP_ENABLED: 'false', WHATSAPP_TOKEN: 'x' }),
    ).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'development', DATA_DIR, WHATSAPP_API_VERSION: '23' })).toEqual([
      "WHATSAPP_API_VERSION: WHATSAPP_API_VERSION looks like 'v23.0'",
    ]);
  });
});
