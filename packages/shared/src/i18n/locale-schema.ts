import { z } from 'zod';
import { LOCALES } from './locale.js';

/**
 * The request/answer schema of a language, apart from `locale.ts`: the sites import `locale.ts` in their
 * first load, and a `z.enum` there pulled all of zod (~25 kB gzip) into the home page's first script.
 */
export const ZLocale = z.enum(LOCALES, { error: "locale must be 'en' or 'sw'" });
