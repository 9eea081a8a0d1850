import type { Language } from '@shared/language';
import { localeOf } from '../../i18n/language';

/** Litres to the millilitre, as the station meters them: '1.234 L' (English), '1,234 L' (Indonesian). */
export const formatMillilitres = (ml: number, language: Language) =>
  `${new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(ml / 1000)} L`;

/** A fill size: '0.5 L', '1 L' (English), '0,5 L' (Indonesian). */
export const formatLitresShort = (ml: number, language: Language) => new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(ml / 1000);
