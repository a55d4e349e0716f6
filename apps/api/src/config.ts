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
  /** Google OAuth client id: ID tokens must carry it as audience. Unset: local simulator only. */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  /** Africa's Talking SMS ('sandbox' uses the sandbox API). Unset: SMS land in the outbox table. */
  AT_USERNAME: z.string().trim().min(1).optional(),
  AT_API_KEY: z.string().trim().min(1).optional(),
  AT_SENDER_ID: z.string().trim().min(1).optional(),
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
  /** undefined: Google sign-in only through the local simulator (never in production). */
  googleClientId: string | undefined;
  /** undefined: the outbox simulator sends SMS (never in production). */
  africasTalking: { username: string; apiKey: string; senderId: string | undefined } | undefined;
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
  const problems: string[] = [];
  if (isProduction && !values.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
  // Production sends real SMS: the outbox simulator only exists for development and tests.
  if (isProduction && !values.AT_USERNAME) problems.push('AT_USERNAME: required when NODE_ENV=production');
  if (isProduction && !values.AT_API_KEY) problems.push('AT_API_KEY: required when NODE_ENV=production');
  if (Boolean(values.AT_USERNAME) !== Boolean(values.AT_API_KEY) && !isProduction)
    problems.push('AT_USERNAME and AT_API_KEY: set both or neither');
  if (problems.length > 0) throw new ConfigError(problems);
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
    googleClientId: values.GOOGLE_CLIENT_ID,
    africasTalking:
      values.AT_USERNAME && values.AT_API_KEY
        ? { username: values.AT_USERNAME, apiKey: values.AT_API_KEY, senderId: values.AT_SENDER_ID }
        : undefined,
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
