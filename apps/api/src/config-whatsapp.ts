import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The WhatsApp Business Cloud API settings (issue 36), part of config.ts's environment. */
export const WHATSAPP_ENV = {
  /** The channel on or off (default: on outside production, with the simulator; off in production). */
  WHATSAPP_ENABLED: booleanFlag.optional(),
  /** A system user's permanent token, the business number's id, the app secret and our verify token. */
  WHATSAPP_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, { error: 'WHATSAPP_PHONE_NUMBER_ID must be the numeric phone number id' })
    .optional(),
  WHATSAPP_APP_SECRET: z.string().trim().min(16).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(16).optional(),
  /** The Graph API version the client calls. */
  WHATSAPP_API_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, { error: "WHATSAPP_API_VERSION looks like 'v23.0'" })
    .default('v23.0'),
  /** Least time between two messages to one number (Meta's pair rate limit: one per 6 s). */
  WHATSAPP_PACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(6000),
  /** How often each process looks for WhatsApp messages due (a paced one, a fallback SMS to retry). */
  WHATSAPP_JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
};

const CREDENTIALS = [
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

const ZWhatsAppEnv = z.object(WHATSAPP_ENV);
type Values = z.infer<typeof ZWhatsAppEnv>;

/** The simulator's own credentials (never Meta's; the simulator accepts only these). */
export const SIMULATOR_WHATSAPP_CREDENTIALS = {
  token: 'd3-simulator-whatsapp-token',
  phoneNumberId: '100000000000001',
  appSecret: 'd3-simulator-whatsapp-app-secret',
  verifyToken: 'd3-simulator-whatsapp-verify-token',
} as const;

export interface WhatsAppConfig {
  enabled: boolean;
  /** 'cloud': Meta's Graph API with the real credentials; 'simulator': in-process (never in production). */
  mode: 'cloud' | 'simulator';
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  apiVersion: string;
  paceMs: number;
  jobsIntervalMs: number;
}

const enabledOf = (values: Values, isProduction: boolean) => values.WHATSAPP_ENABLED ?? !isProduction;

/**
 * Production with the channel on needs Meta's four credentials; outside production, all four or
 * none (none: the simulator). With the channel off nothing is required.
 */
export function whatsappProblems(values: Values, isProduction: boolean): string[] {
  if (!enabledOf(values, isProduction)) return [];
  const missing = CREDENTIALS.filter((name) => !values[name]);
  if (isProduction)
    return missing.map((name) => `${name}: required when NODE_ENV=production and WHATSAPP_ENABLED=true`);
  if (missing.length > 0 && missing.length < CREDENTIALS.length)
    return [`${missing.join(', ')}: set all four WhatsApp credentials or none (the simulator)`];
  return [];
}

export function whatsappConfig(values: Values, isProduction: boolean): WhatsAppConfig {
  const real = CREDENTIALS.every((name) => values[name]);
  return {
    enabled: enabledOf(values, isProduction),
    mode: real ? 'cloud' : 'simulator',
    ...(real
      ? {
          token: values.WHATSAPP_TOKEN!,
          phoneNumberId: values.WHATSAPP_PHONE_NUMBER_ID!,
          appSecret: values.WHATSAPP_APP_SECRET!,
          verifyToken: values.WHATSAPP_VERIFY_TOKEN!,
        }
      : SIMULATOR_WHATSAPP_CREDENTIALS),
    apiVersion: values.WHATSAPP_API_VERSION,
    paceMs: values.WHATSAPP_PACE_MS,
    jobsIntervalMs: values.WHATSAPP_JOBS_INTERVAL_MS,
  };
}
