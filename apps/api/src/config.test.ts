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
