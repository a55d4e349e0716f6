import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './adapters/push/push-endpoint-policy.js';
import { WHATSAPP_ENV, type WhatsAppConfig, whatsappConfig, whatsappProblems } from './config-whatsapp.js';

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
  /** PGlite (no DATABASE_URL): statements that may wait behind the running one, then 503 (issue 16). */
  PGLITE_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(256),
  /** PGlite: a statement that waited longer than this (ms) answers 503 + Retry-After instead. */
  PGLITE_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(3000),
  /** PGlite: its page cache in MB (shared_buffers, PGlite's own default 128), inside the process's memory. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of the realtime Redis keys and Socket.IO channels; processes sharing it see each other. */
  REALTIME_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}$/)
    .default('d3'),
  /** Chat messages one user may send per window (issue 11), and the window in ms. */
  CHAT_SEND_MAX: z.coerce.number().int().min(1).max(1_000_000).default(30),
  CHAT_SEND_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** Socket events (issue 31): per socket and per user (all processes) per window, and refusals before a disconnect. */
  SOCKET_EVENT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(60),
  SOCKET_USER_EVENT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(120),
  SOCKET_EVENT_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  SOCKET_STRIKES_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** How often each process re-checks its open sockets' sessions (the backstop of a revocation). */
  SOCKET_SESSION_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Chat images one sender may have uploaded and not yet sent (issue 31; a day later they are deleted). */
  CHAT_UPLOADS_PENDING_MAX: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Largest chat image attachment in bytes (default 5 MiB). */
  CHAT_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(20 * 1024 * 1024)
    .default(5 * 1024 * 1024),
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
  /** Prometheus /metrics (issue 35): its own port and address, never the public one; 0 picks a free port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((origin) => origin.trim()) : [])),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /** Server-rendered pages one IP may load per minute (issue 31; generous: carriers NAT many phones). */
  PAGE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /** Anonymous catalogue reads reuse an answer this long (ms) in each process; 0 turns it off. */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** One-time codes one IP may ask for per hour (mobile carriers put many phones behind one IP). */
  OTP_IP_HOURLY_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Web Push (issue 11): VAPID keys; without them a pair is generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).default('mailto:support@d3deals.co.ke'),
  /** Hosts a push subscription's https endpoint may name (exact or `*.suffix`; issue 31 finding 2). */
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter(Boolean)
        : undefined,
    ),
  /** A local push simulator's origin whose endpoints are accepted (development and tests only). */
  PUSH_SIMULATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Push subscriptions kept per account (the newest) and the deadline of one push (issue 31 finding 3). */
  PUSH_SUBSCRIPTIONS_MAX: z.coerce.number().int().min(1).max(100).default(5),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Failed sign-ins one IP may make in 15 minutes before a 15-minute pause (issue 14; NAT-friendly). */
  LOGIN_IP_MAX: z.coerce.number().int().min(1).max(1_000_000).default(100),
  PUBLIC_URL: z.url().optional(),
  /** Serve the OpenAPI document and Swagger UI at /api/docs (default: on, off in production). */
  API_DOCS: booleanFlag.optional(),
  /** Serve the built sites from these folders (defaults: the workspace's dist folders). */
  WEB_DIST: z.string().optional(),
  MERCHANT_DIST: z.string().optional(),
  /**
   * `true`: render the customer site's first view on the server (issue 16), from the bundle
   * `npm run build -w apps/web` writes beside WEB_DIST (dist-server/entry-server.js). Off by
   * default until the e2e specs wait for hydration (docs/decisions.md, wip/ssr).
   */
  WEB_SSR: booleanFlag.optional(),
  /** Google OAuth client id: ID tokens must carry it as audience. Unset: local simulator only. */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  /** Africa's Talking SMS ('sandbox' uses the sandbox API). Unset: SMS land in the outbox table. */
  AT_USERNAME: z.string().trim().min(1).optional(),
  AT_API_KEY: z.string().trim().min(1).optional(),
  AT_SENDER_ID: z.string().trim().min(1).optional(),
  /**
   * M-Pesa Daraja. `simulator` (the default outside production) talks to the in-process simulator
   * at /mpesa-sim with its own test credentials; `sandbox` and `production` need real ones.
   */
  MPESA_ENV: z.enum(['simulator', 'sandbox', 'production']).optional(),
  MPESA_CONSUMER_KEY: z.string().trim().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().trim().min(1).optional(),
  MPESA_SHORTCODE: z
    .string()
    .trim()
    .regex(/^\d{5,7}$/, { error: 'MPESA_SHORTCODE must be a 5-7 digit short code' })
    .optional(),
  MPESA_PASSKEY: z.string().trim().min(1).optional(),
  /** B2C payouts (issue 12: referral withdrawals): the API initiator and its encrypted password. */
  MPESA_INITIATOR_NAME: z.string().trim().min(1).optional(),
  MPESA_SECURITY_CREDENTIAL: z.string().trim().min(1).optional(),
  /** Refunds by Reversal (issue 34): an initiator of the short code with the Org Reversals Initiator role. */
  MPESA_REVERSAL_INITIATOR_NAME: z.string().trim().min(1).optional(),
  MPESA_REVERSAL_SECURITY_CREDENTIAL: z.string().trim().min(1).optional(),
  /** Transaction Status queries (issue 34): an initiator of the short code with the status query role. */
  MPESA_STATUS_INITIATOR_NAME: z.string().trim().min(1).optional(),
  MPESA_STATUS_SECURITY_CREDENTIAL: z.string().trim().min(1).optional(),
  /** Where Daraja posts callbacks and results (STK, B2C, Reversal, Transaction Status); default PUBLIC_URL. */
  MPESA_CALLBACK_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  MPESA_TRANSACTION_TYPE: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']).optional(),
  /** The till number for CustomerBuyGoodsOnline; defaults to the short code (PayBill). */
  MPESA_PARTY_B: z
    .string()
    .trim()
    .regex(/^\d{5,7}$/, { error: 'MPESA_PARTY_B must be a 5-7 digit short code or till number' })
    .optional(),
  /** Secret path segment of the callback URL; generated once into DATA_DIR outside production. */
  MPESA_CALLBACK_TOKEN: z
    .string()
    .trim()
    .regex(/^[\w-]{32,128}$/, { error: 'MPESA_CALLBACK_TOKEN must be 32-128 URL-safe characters' })
    .optional(),
  MPESA_SIMULATOR_AUTO: z.enum(['approve', 'decline', 'none']).default('approve'),
  MPESA_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** How often the reconciliation job looks for payments left pending and expired holds. */
  MPESA_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** How often each process polls the money jobs (refunds, Transaction Status checks; issue 34). */
  MONEY_JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /**
   * A B2C payment, reversal or status query with no result after this long is asked about with
   * Transaction Status (issue 34); its queue time-out is asked about at once.
   */
  MPESA_RESULT_DEADLINE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  /**
   * How long a booking split between friends holds its places unpaid (issue 34): the 15 minutes of
   * every offer booking by default; each prompt sent extends it to at least min(5 min, this) ahead.
   * Shorter only for tests (the e2e spec lets one lapse).
   */
  SPLIT_HOLD_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
  /** Bearer token of the operator API (`/api/v1/operator/*`, the ledger); unset: the operator API is off. */
  OPERATOR_TOKEN: z
    .string()
    .trim()
    .regex(/^[\w-]{32,128}$/, { error: 'OPERATOR_TOKEN must be 32-128 URL-safe characters' })
    .optional(),
  ...WHATSAPP_ENV,
});

/** Daraja's own public test credentials (short code 174379): the simulator's defaults. */
export const SIMULATOR_MPESA_CREDENTIALS = {
  consumerKey: 'd3-simulator-consumer-key',
  consumerSecret: 'd3-simulator-consumer-secret',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  initiatorName: 'd3-simulator-initiator',
  securityCredential: 'ZDMtc2ltdWxhdG9yLXNlY3VyaXR5LWNyZWRlbnRpYWw=',
  reversalInitiatorName: 'd3-simulator-reversals',
  reversalSecurityCredential: 'ZDMtc2ltdWxhdG9yLXJldmVyc2Fscw==',
  statusInitiatorName: 'd3-simulator-status',
  statusSecurityCredential: 'ZDMtc2ltdWxhdG9yLXN0YXR1cw==',
} as const;

export interface MpesaConfig {
  env: 'simulator' | 'sandbox' | 'production';
  /** Daraja's base URL; undefined for the simulator (this process's own address, known once listening). */
  baseUrl: string | undefined;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** B2C (referral withdrawals, refunds a reversal could not pay): MPESA_INITIATOR_NAME / MPESA_SECURITY_CREDENTIAL. */
  initiatorName: string;
  securityCredential: string;
  /** Reversals (refunds) and Transaction Status queries (issue 34). */
  reversalInitiatorName: string;
  reversalSecurityCredential: string;
  statusInitiatorName: string;
  statusSecurityCredential: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  partyB: string;
  callbackToken: string;
  simulatorAuto: 'approve' | 'decline' | 'none';
  simulatorDelayMs: number;
  reconcileIntervalMs: number;
  /** MONEY_JOBS_INTERVAL_MS and MPESA_RESULT_DEADLINE_MS (issue 34). */
  moneyJobsIntervalMs: number;
  resultDeadlineMs: number;
  /** MPESA_CALLBACK_ORIGIN, else PUBLIC_URL; undefined with the simulator (this process's own address). */
  callbackOrigin: string | undefined;
}

const DARAJA_URLS = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
} as const;

export type Config = {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Web Push VAPID keys (undefined: generated into DATA_DIR) and the contact subject. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** Where and how much Web Push may send (issue 31 findings 2 and 3). */
  push: { hosts: string[]; simulatorOrigin: string | undefined; perAccount: number; timeoutMs: number };
  databaseUrl: string | undefined;
  databasePoolSize: number;
  pgliteQueue: { maxWaiting: number; maxWaitMs: number };
  pgliteSharedBuffersMb: number;
  redisUrl: string | undefined;
  realtimeKeyPrefix: string;
  chatSendMax: number;
  chatSendWindowMs: number;
  chatImageMaxBytes: number;
  chatUploadsPendingMax: number;
  /** Socket event budgets (issue 31 finding 4). */
  socketBudgets: { perSocket: number; perUser: number; windowMs: number; strikes: number };
  socketSessionSweepMs: number;
  apiKeys: string[];
  jwtSecret: string;
  /** undefined: seed when the database is empty (never the default in production). */
  seedDemo: boolean | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** METRICS_PORT / METRICS_HOST: where server.ts serves /metrics (issue 35). */
  metrics: { port: number; host: string };
  corsOrigins: string[];
  rateLimitMax: number;
  pageRateLimitMax: number;
  publicCacheTtlMs: number;
  otpIpHourlyMax: number;
  loginIpMax: number;
  publicUrl: string | undefined;
  /** /api/docs and /api/docs/json are served (API_DOCS; off by default in production). */
  apiDocs: boolean;
  webDist: string;
  /** The customer site's server-render bundle (WEB_SSR); undefined: pages go out unrendered. */
  webServerEntry: string | undefined;
  merchantDist: string;
  /** undefined: Google sign-in only through the local simulator (never in production). */
  googleClientId: string | undefined;
  /** undefined: the outbox simulator sends SMS (never in production). */
  africasTalking: { username: string; apiKey: string; senderId: string | undefined } | undefined;
  mpesa: MpesaConfig;
  /** OPERATOR_TOKEN: the operator API's bearer token; undefined: that API answers 404. */
  operatorToken: string | undefined;
  /** SPLIT_HOLD_SECONDS in ms (issue 34). */
  splitHoldMs: number;
  /** WhatsApp notifications (issue 36; config-whatsapp.ts). */
  whatsapp: WhatsAppConfig;
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
  problems.push(...mpesaProblems(values, isProduction));
  problems.push(...whatsappProblems(values, isProduction));
  if (isProduction && values.PUSH_SIMULATOR_URL)
    problems.push('PUSH_SIMULATOR_URL: the push simulator is not available when NODE_ENV=production');
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    vapid: {
      publicKey: values.VAPID_PUBLIC_KEY,
      privateKey: values.VAPID_PRIVATE_KEY,
      subject: values.VAPID_SUBJECT,
    },
    push: {
      hosts: values.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS,
      simulatorOrigin: values.PUSH_SIMULATOR_URL ? new URL(values.PUSH_SIMULATOR_URL).origin : undefined,
      perAccount: values.PUSH_SUBSCRIPTIONS_MAX,
      timeoutMs: values.PUSH_TIMEOUT_MS,
    },
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    pgliteQueue: { maxWaiting: values.PGLITE_QUEUE_MAX, maxWaitMs: values.PGLITE_QUEUE_WAIT_MS },
    pgliteSharedBuffersMb: values.PGLITE_SHARED_BUFFERS_MB,
    redisUrl: values.REDIS_URL,
    realtimeKeyPrefix: values.REALTIME_KEY_PREFIX,
    chatSendMax: values.CHAT_SEND_MAX,
    chatSendWindowMs: values.CHAT_SEND_WINDOW_MS,
    chatImageMaxBytes: values.CHAT_IMAGE_MAX_BYTES,
    chatUploadsPendingMax: values.CHAT_UPLOADS_PENDING_MAX,
    socketBudgets: {
      perSocket: values.SOCKET_EVENT_MAX,
      perUser: values.SOCKET_USER_EVENT_MAX,
      windowMs: values.SOCKET_EVENT_WINDOW_MS,
      strikes: values.SOCKET_STRIKES_MAX,
    },
    socketSessionSweepMs: values.SOCKET_SESSION_SWEEP_MS,
    apiKeys: values.API_KEYS,
    jwtSecret: values.JWT_SECRET ?? localJwtSecret(dataDir),
    // Production never loads the demo catalogue unless SEED_DEMO=true says so (issue 14).
    seedDemo: values.SEED_DEMO ?? (isProduction ? false : undefined),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    metrics: { port: values.METRICS_PORT, host: values.METRICS_HOST },
    corsOrigins: values.CORS_ORIGINS,
    rateLimitMax: values.RATE_LIMIT_MAX,
    pageRateLimitMax: values.PAGE_RATE_LIMIT_MAX,
    publicCacheTtlMs: values.PUBLIC_CACHE_TTL_MS,
    otpIpHourlyMax: values.OTP_IP_HOURLY_MAX,
    loginIpMax: values.LOGIN_IP_MAX,
    publicUrl: values.PUBLIC_URL,
    apiDocs: values.API_DOCS ?? !isProduction,
    webDist: path.resolve(values.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    webServerEntry: webServerEntry(
      values.WEB_SSR ?? true,
      values.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    ),
    merchantDist: path.resolve(values.MERCHANT_DIST ?? path.join(repoRoot, 'apps/merchant/dist')),
    googleClientId: values.GOOGLE_CLIENT_ID,
    africasTalking:
      values.AT_USERNAME && values.AT_API_KEY
        ? { username: values.AT_USERNAME, apiKey: values.AT_API_KEY, senderId: values.AT_SENDER_ID }
        : undefined,
    mpesa: mpesaConfig(values, isProduction, dataDir),
    operatorToken: values.OPERATOR_TOKEN,
    splitHoldMs: values.SPLIT_HOLD_SECONDS * 1000,
    whatsapp: whatsappConfig(values, isProduction),
  };
}

type EnvValues = z.infer<typeof ZEnv>;
const MPESA_CREDENTIALS = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_PASSKEY',
  'MPESA_INITIATOR_NAME',
  'MPESA_SECURITY_CREDENTIAL',
  'MPESA_REVERSAL_INITIATOR_NAME',
  'MPESA_REVERSAL_SECURITY_CREDENTIAL',
  'MPESA_STATUS_INITIATOR_NAME',
  'MPESA_STATUS_SECURITY_CREDENTIAL',
] as const;

function mpesaEnv(values: EnvValues, isProduction: boolean): MpesaConfig['env'] {
  return values.MPESA_ENV ?? (isProduction ? 'production' : 'simulator');
}

/**
 * Production takes real money: real Daraja credentials, a fixed callback token and the public
 * URL Safaricom posts the callback to. The simulator only exists outside production.
 */
function mpesaProblems(values: EnvValues, isProduction: boolean): string[] {
  const env = mpesaEnv(values, isProduction);
  const problems: string[] = [];
  if (env === 'simulator') {
    if (isProduction) problems.push('MPESA_ENV: the simulator is not available when NODE_ENV=production');
    return problems;
  }
  for (const name of MPESA_CREDENTIALS) {
    if (!values[name]) problems.push(`${name}: required when MPESA_ENV=${env}`);
  }
  if (!values.PUBLIC_URL && !values.MPESA_CALLBACK_ORIGIN)
    problems.push(`PUBLIC_URL: required when MPESA_ENV=${env} (Daraja posts the callback there)`);
  if (isProduction && !values.MPESA_CALLBACK_TOKEN) {
    problems.push('MPESA_CALLBACK_TOKEN: required when NODE_ENV=production');
  }
  if (values.MPESA_TRANSACTION_TYPE === 'CustomerBuyGoodsOnline' && !values.MPESA_PARTY_B) {
    problems.push('MPESA_PARTY_B: the till number is required for CustomerBuyGoodsOnline');
  }
  return problems;
}

function mpesaConfig(values: EnvValues, isProduction: boolean, dataDir: string): MpesaConfig {
  const env = mpesaEnv(values, isProduction);
  const simulator = env === 'simulator';
  const credentials = simulator
    ? SIMULATOR_MPESA_CREDENTIALS
    : {
        consumerKey: values.MPESA_CONSUMER_KEY!,
        consumerSecret: values.MPESA_CONSUMER_SECRET!,
        shortcode: values.MPESA_SHORTCODE!,
        passkey: values.MPESA_PASSKEY!,
        initiatorName: values.MPESA_INITIATOR_NAME!,
        securityCredential: values.MPESA_SECURITY_CREDENTIAL!,
        reversalInitiatorName: values.MPESA_REVERSAL_INITIATOR_NAME!,
        reversalSecurityCredential: values.MPESA_REVERSAL_SECURITY_CREDENTIAL!,
        statusInitiatorName: values.MPESA_STATUS_INITIATOR_NAME!,
        statusSecurityCredential: values.MPESA_STATUS_SECURITY_CREDENTIAL!,
      };
  return {
    env,
    baseUrl: simulator ? undefined : DARAJA_URLS[env],
    ...credentials,
    transactionType: values.MPESA_TRANSACTION_TYPE ?? 'CustomerPayBillOnline',
    partyB: values.MPESA_PARTY_B ?? credentials.shortcode,
    callbackToken: values.MPESA_CALLBACK_TOKEN ?? localSecret(dataDir, 'mpesa-callback-token'),
    simulatorAuto: values.MPESA_SIMULATOR_AUTO,
    simulatorDelayMs: values.MPESA_SIMULATOR_DELAY_MS,
    reconcileIntervalMs: values.MPESA_RECONCILE_INTERVAL_MS,
    moneyJobsIntervalMs: values.MONEY_JOBS_INTERVAL_MS,
    resultDeadlineMs: values.MPESA_RESULT_DEADLINE_MS,
    callbackOrigin: simulator
      ? undefined
      : (values.MPESA_CALLBACK_ORIGIN ?? values.PUBLIC_URL)?.replace(/\/+$/, ''),
  };
}

/**
 * Embedded mode keeps a generated signing key in DATA_DIR so tokens survive restarts.
 * Several processes sharing one DATA_DIR share the key; across machines set JWT_SECRET.
 */
function localJwtSecret(dataDir: string): string {
  return localSecret(dataDir, 'jwt-secret');
}

/** A random URL-safe secret kept in DATA_DIR/`name`, created by whichever process comes first. */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
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

/** dist-server/entry-server.js beside the site's dist, when it was built and WEB_SSR is not false. */
function webServerEntry(enabled: boolean | undefined, webDist: string): string | undefined {
  if (enabled !== true) return undefined;
  const entry = path.resolve(webDist, '..', 'dist-server', 'entry-server.js');
  return existsSync(entry) ? entry : undefined;
}
