import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { useTempDirs } from './test/temp-dirs.js';

const tempDir = useTempDirs('d3-config-');

/** Real Daraja settings as production needs them (values are made up). */
const PRODUCTION_MPESA = {
  PUBLIC_URL: 'https://d3deals.co.ke',
  MPESA_CONSUMER_KEY: 'live-consumer-key',
  MPESA_CONSUMER_SECRET: 'live-consumer-secret',
  MPESA_SHORTCODE: '4123456',
  MPESA_PASSKEY: 'live-passkey',
  MPESA_INITIATOR_NAME: 'd3api',
  MPESA_SECURITY_CREDENTIAL: 'bGl2ZS1zZWN1cml0eS1jcmVkZW50aWFs',
  MPESA_REVERSAL_INITIATOR_NAME: 'd3reversals',
  MPESA_REVERSAL_SECURITY_CREDENTIAL: 'bGl2ZS1yZXZlcnNhbHM=',
  MPESA_STATUS_INITIATOR_NAME: 'd3status',
  MPESA_STATUS_SECURITY_CREDENTIAL: 'bGl2ZS1zdGF0dXM=',
  MPESA_CALLBACK_TOKEN: 'c'.repeat(40),
};

/** Everything production needs to start. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  AT_USERNAME: 'd3',
  AT_API_KEY: 'k',
  ...PRODUCTION_MPESA,
};

describe('loadConfig', () => {
  it('gives the embedded defaults of the API contract', async () => {
    const dataDir = await tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      redisUrl: undefined,
      apiKeys: ['d3-dev-key'],
      seedDemo: undefined,
    });
  });

  it('reads the public cache time and the per-IP code cap, with their defaults', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ publicCacheTtlMs: 5000, otpIpHourlyMax: 20 });
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_CACHE_TTL_MS: '0', OTP_IP_HOURLY_MAX: '500' }),
    ).toMatchObject({ publicCacheTtlMs: 0, otpIpHourlyMax: 500 });
    expect(() => loadConfig({ DATA_DIR: dataDir, OTP_IP_HOURLY_MAX: '0' })).toThrow(ConfigError);
  });

  it('renders the customer site on the server when its server bundle was built, unless WEB_SSR=false', async () => {
    const dataDir = await tempDir();
    const site = await tempDir();
    const webDist = path.join(site, 'dist');
    expect(loadConfig({ DATA_DIR: dataDir, WEB_DIST: webDist }).webServerEntry).toBeUndefined();
    await mkdir(path.join(site, 'dist-server'), { recursive: true });
    await writeFile(path.join(site, 'dist-server', 'entry-server.js'), 'export {};');
    const entry = path.join(site, 'dist-server', 'entry-server.js');
    expect(loadConfig({ DATA_DIR: dataDir, WEB_DIST: webDist }).webServerEntry).toBe(entry);
    expect(loadConfig({ DATA_DIR: dataDir, WEB_DIST: webDist, WEB_SSR: 'true' }).webServerEntry).toBe(entry);
    expect(
      loadConfig({ DATA_DIR: dataDir, WEB_DIST: webDist, WEB_SSR: 'false' }).webServerEntry,
    ).toBeUndefined();
  });

  it('generates the JWT secret once into DATA_DIR and reuses it', async () => {
    const dataDir = await tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(first);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('NODE_ENV');
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it("refuses to start production without Africa's Talking credentials, listing both", () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.filter((problem) => problem.startsWith('AT_'))).toEqual([
      'AT_USERNAME: required when NODE_ENV=production',
      'AT_API_KEY: required when NODE_ENV=production',
    ]);
  });

  it('leaves SMS to the outbox simulator and Google to the local issuer by default', async () => {
    const config = loadConfig({ DATA_DIR: await tempDir() });
    expect(config.africasTalking).toBeUndefined();
    expect(config.googleClientId).toBeUndefined();
  });

  it("reads GOOGLE_CLIENT_ID and the Africa's Talking settings", async () => {
    const config = loadConfig({
      DATA_DIR: await tempDir(),
      GOOGLE_CLIENT_ID: ' 123-abc.apps.googleusercontent.com ',
      AT_USERNAME: 'sandbox',
      AT_API_KEY: 'atsk_123',
      AT_SENDER_ID: 'D3DEALS',
    });
    expect(config.googleClientId).toBe('123-abc.apps.googleusercontent.com');
    expect(config.africasTalking).toEqual({ username: 'sandbox', apiKey: 'atsk_123', senderId: 'D3DEALS' });
  });

  it("refuses half of the Africa's Talking credentials", async () => {
    expect(() => loadConfig({ DATA_DIR: 'x', AT_USERNAME: 'd3deals' })).toThrow(/AT_USERNAME and AT_API_KEY/);
  });

  it('starts production with JWT_SECRET and SMS credentials', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: await tempDir(),
      JWT_SECRET: 'x'.repeat(40),
      AT_USERNAME: 'd3deals',
      AT_API_KEY: 'atsk_live',
      ...PRODUCTION_MPESA,
    });
    expect(config.africasTalking).toEqual({ username: 'd3deals', apiKey: 'atsk_live', senderId: undefined });
  });

  it('parses API_KEYS and SEED_DEMO', async () => {
    const config = loadConfig({
      DATA_DIR: await tempDir(),
      API_KEYS: ' web-key , merchant-key ',
      SEED_DEMO: 'false',
    });
    expect(config.apiKeys).toEqual(['web-key', 'merchant-key']);
    expect(config.seedDemo).toBe(false);
  });
});

describe('loadConfig: M-Pesa', () => {
  it('uses the simulator with its test credentials outside production, and a callback token kept in DATA_DIR', async () => {
    const dataDir = await tempDir();
    const { mpesa } = loadConfig({ DATA_DIR: dataDir });
    expect(mpesa).toMatchObject({
      env: 'simulator',
      baseUrl: undefined,
      shortcode: '174379',
      partyB: '174379',
      transactionType: 'CustomerPayBillOnline',
      simulatorAuto: 'approve',
      simulatorDelayMs: 3000,
      reconcileIntervalMs: 60_000,
    });
    expect(mpesa.callbackToken).toMatch(/^[\w-]{64}$/);
    expect((await readFile(path.join(dataDir, 'mpesa-callback-token'), 'utf8')).trim()).toBe(
      mpesa.callbackToken,
    );
    expect(loadConfig({ DATA_DIR: dataDir }).mpesa.callbackToken).toBe(mpesa.callbackToken);
  });

  it('refuses production without real Daraja credentials (STK, B2C, Reversal, Transaction Status), the public URL and the callback token', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), AT_USERNAME: 'd3', AT_API_KEY: 'k' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'MPESA_CONSUMER_KEY: required when MPESA_ENV=production',
      'MPESA_CONSUMER_SECRET: required when MPESA_ENV=production',
      'MPESA_SHORTCODE: required when MPESA_ENV=production',
      'MPESA_PASSKEY: required when MPESA_ENV=production',
      'MPESA_INITIATOR_NAME: required when MPESA_ENV=production',
      'MPESA_SECURITY_CREDENTIAL: required when MPESA_ENV=production',
      'MPESA_REVERSAL_INITIATOR_NAME: required when MPESA_ENV=production',
      'MPESA_REVERSAL_SECURITY_CREDENTIAL: required when MPESA_ENV=production',
      'MPESA_STATUS_INITIATOR_NAME: required when MPESA_ENV=production',
      'MPESA_STATUS_SECURITY_CREDENTIAL: required when MPESA_ENV=production',
      'PUBLIC_URL: required when MPESA_ENV=production (Daraja posts the callback there)',
      'MPESA_CALLBACK_TOKEN: required when NODE_ENV=production',
    ]);
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        MPESA_ENV: 'simulator',
      }),
    ).toThrow(/MPESA_ENV: the simulator is not available when NODE_ENV=production/);
  });

  it('reads the production Daraja settings', async () => {
    const { mpesa } = loadConfig({
      ...PRODUCTION,
      DATA_DIR: await tempDir(),
      MPESA_TRANSACTION_TYPE: 'CustomerBuyGoodsOnline',
      MPESA_PARTY_B: '5678901',
    });
    expect(mpesa).toEqual({
      env: 'production',
      baseUrl: 'https://api.safaricom.co.ke',
      consumerKey: 'live-consumer-key',
      consumerSecret: 'live-consumer-secret',
      shortcode: '4123456',
      passkey: 'live-passkey',
      initiatorName: 'd3api',
      securityCredential: 'bGl2ZS1zZWN1cml0eS1jcmVkZW50aWFs',
      reversalInitiatorName: 'd3reversals',
      reversalSecurityCredential: 'bGl2ZS1yZXZlcnNhbHM=',
      statusInitiatorName: 'd3status',
      statusSecurityCredential: 'bGl2ZS1zdGF0dXM=',
      transactionType: 'CustomerBuyGoodsOnline',
      partyB: '5678901',
      callbackToken: 'c'.repeat(40),
      simulatorAuto: 'approve',
      simulatorDelayMs: 3000,
      reconcileIntervalMs: 60_000,
      moneyJobsIntervalMs: 10_000,
      resultDeadlineMs: 600_000,
      callbackOrigin: 'https://d3deals.co.ke',
    });
  });

  it('sends Daraja callbacks to MPESA_CALLBACK_ORIGIN when set, and reads the money job settings and the operator token', async () => {
    const config = loadConfig({
      ...PRODUCTION,
      DATA_DIR: await tempDir(),
      MPESA_CALLBACK_ORIGIN: 'https://callbacks.d3deals.co.ke/',
      MONEY_JOBS_INTERVAL_MS: '2500',
      MPESA_RESULT_DEADLINE_MS: '120000',
      OPERATOR_TOKEN: 'o'.repeat(40),
    });
    expect(config.mpesa).toMatchObject({
      callbackOrigin: 'https://callbacks.d3deals.co.ke',
      moneyJobsIntervalMs: 2500,
      resultDeadlineMs: 120_000,
    });
    expect(config.operatorToken).toBe('o'.repeat(40));
    expect(() => loadConfig({ DATA_DIR: 'x', OPERATOR_TOKEN: 'short' })).toThrow(
      /OPERATOR_TOKEN must be 32-128 URL-safe characters/,
    );
  });

  it('uses the Daraja sandbox in development when asked, with its credentials', async () => {
    const dataDir = await tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, MPESA_ENV: 'sandbox' })).toThrow(/MPESA_CONSUMER_KEY/);
    const { mpesa } = loadConfig({
      DATA_DIR: dataDir,
      ...PRODUCTION_MPESA,
      MPESA_CALLBACK_TOKEN: undefined,
      MPESA_ENV: 'sandbox',
      MPESA_SHORTCODE: '174379',
    });
    expect(mpesa).toMatchObject({
      env: 'sandbox',
      baseUrl: 'https://sandbox.safaricom.co.ke',
      shortcode: '174379',
    });
    expect(mpesa.callbackToken).toMatch(/^[\w-]{64}$/);
  });

  it('needs a till number for Buy Goods and validates the settings', async () => {
    const dataDir = await tempDir();
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        ...PRODUCTION_MPESA,
        MPESA_ENV: 'sandbox',
        MPESA_TRANSACTION_TYPE: 'CustomerBuyGoodsOnline',
      }),
    ).toThrow(/MPESA_PARTY_B: the till number is required/);
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        MPESA_ENV: 'live',
        MPESA_SHORTCODE: 'abc',
        MPESA_CALLBACK_TOKEN: 'short',
        MPESA_SIMULATOR_AUTO: 'sometimes',
      });
    } catch (caught) {
      error = caught;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('MPESA_ENV');
    expect(problems).toContain('MPESA_SHORTCODE must be a 5-7 digit short code');
    expect(problems).toContain('MPESA_CALLBACK_TOKEN must be 32-128 URL-safe characters');
    expect(problems).toContain('MPESA_SIMULATOR_AUTO');
  });

  it('reads the simulator and reconciliation settings', async () => {
    const { mpesa } = loadConfig({
      DATA_DIR: await tempDir(),
      MPESA_SIMULATOR_AUTO: 'none',
      MPESA_SIMULATOR_DELAY_MS: '500',
      MPESA_RECONCILE_INTERVAL_MS: '30000',
    });
    expect(mpesa).toMatchObject({
      simulatorAuto: 'none',
      simulatorDelayMs: 500,
      reconcileIntervalMs: 30_000,
    });
  });
});

describe('production defaults (issue 14)', () => {
  it('never seeds demo data and serves no API docs unless told to', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ ...PRODUCTION, DATA_DIR: dataDir })).toMatchObject({
      seedDemo: false,
      apiDocs: false,
    });
    expect(
      loadConfig({ ...PRODUCTION, DATA_DIR: dataDir, SEED_DEMO: 'true', API_DOCS: 'true' }),
    ).toMatchObject({ seedDemo: true, apiDocs: true });
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ seedDemo: undefined, apiDocs: true });
  });
});
