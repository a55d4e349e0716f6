import { config } from 'zod/v4/core';

/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it when a schema is
 * built. The site's Content-Security-Policy forbids eval, so even the probe is reported as a violation.
 * Imported first in main.tsx so it runs before any schema module.
 */
config({ jitless: true });
