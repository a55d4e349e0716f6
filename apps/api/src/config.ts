import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  API_KEYS: z
    .string()
    .default('d3-dev-key')
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).min(1, { error: 'API_KEYS needs at least one key' })),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((origin) => origin.trim()) : [])),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  PUBLIC_URL: z.url().optional(),
  /** Serve the built sites from these folders (defaults: the workspace's dist folders). */
  WEB_DIST: z.string().optional(),
  MERCHANT_DIST: z.string().optional(),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  apiKeys: string[];
  jwtSecret: string;
  /** undefined: seed when the database is empty. */
  seedDemo: boolean | undefined;
  logLevel: string;
  trustProxy: boolean;
  corsOrigins: string[];
  rateLimitMax: number;
  publicUrl: string | undefined;
  webDist: string;
  merchantDist: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && !values.JWT_SECRET)
    throw new ConfigError(['JWT_SECRET: required when NODE_ENV=production']);
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    redisUrl: values.REDIS_URL,
    apiKeys: values.API_KEYS,
    jwtSecret: values.JWT_SECRET ?? localJwtSecret(dataDir),
    seedDemo: values.SEED_DEMO,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    corsOrigins: values.CORS_ORIGINS,
    rateLimitMax: values.RATE_LIMIT_MAX,
    publicUrl: values.PUBLIC_URL,
    webDist: path.resolve(values.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    merchantDist: path.resolve(values.MERCHANT_DIST ?? path.join(repoRoot, 'apps/merchant/dist')),
  };
}

/**
 * Embedded mode keeps a generated signing key in DATA_DIR so tokens survive restarts.
 * Several processes sharing one DATA_DIR share the key; across machines set JWT_SECRET.
 */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process created it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}
