import { formatDateTime, formatLitres, formatNumber } from '@shared/format';
import type { Language } from '@shared/language';

// The guest pages' figures in the page's language, through the one home of formats (shared/format.ts).

/** Litres to the millilitre, as the station meters them: '1.234 L' (English), '1,234 L' (Indonesian). */
export const formatMillilitres = (ml: number, language: Language) => `${formatNumber(ml / 1000, language, 3, 3)} L`;

/** A fill size's number: '0.5', '1' (English), '0,5' (Indonesian); the page writes the unit. */
export const formatLitresShort = (ml: number, language: Language) => formatLitres(ml / 1000, language).slice(0, -2);

/** A date and time in Bali (WITA), whatever the phone's zone: '27 Nov 2026, 06.05' (Indonesian), '27 Nov 2026, 06:05' (English). */
export const formatBaliDateTime = (iso: string, language: Language) => formatDateTime(iso, language) ?? '';
