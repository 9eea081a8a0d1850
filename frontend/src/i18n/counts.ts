import { formatNumber } from '@shared/format';

/** A count inside a text, grouped as each language groups its numbers: '12,345' in English, '12.345' in Indonesian. */
export const countInEnglish = (n: number) => formatNumber(n, 'en');
export const countInIndonesian = (n: number) => formatNumber(n, 'id');
