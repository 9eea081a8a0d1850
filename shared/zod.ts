import { en } from 'zod/locales';
import { config } from 'zod/mini';

/**
 * The zod every schema is built with: `zod/mini`, whose functional checks a bundle keeps only as used (docs/scale.md,
 * "Functions: init and bundle"). It loads no locale, so the English messages are set here once; they are the texts
 * shared/schemas/field-messages.ts translates.
 */
config(en());

export * from 'zod/mini';
