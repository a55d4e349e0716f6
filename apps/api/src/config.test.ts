import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'd3-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

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
    expect((error as ConfigError).problems).toEqual([
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
