import { LOCALE, PRICE_PER_LITRE_IDR, RUPIAH_PER_POINT } from './constants';

/** Money is an integer number of rupiah: there is no minor unit. */
export type Rupiah = number;

// Made on first use: loading the locale's number data costs about 15 ms, paid at every function's init when it was
// made at load (docs/scale.md, "Functions").
let idrNumber: Intl.NumberFormat | undefined;

/** `Rp 50.000`: Indonesian thousand separators, no decimals. Negative amounts keep their sign. */
export function formatRupiah(amount: Rupiah): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}Rp ${(idrNumber ??= new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 })).format(Math.abs(Math.round(amount)))}`;
}

export function rupiahToPoints(amount: Rupiah): number {
  return Math.floor(amount / RUPIAH_PER_POINT);
}

export function pointsToRupiah(points: number): Rupiah {
  return Math.round(points * RUPIAH_PER_POINT);
}

/** Price of a metered volume; at Rp 1,000 per litre one millilitre is Rp 1. */
export function priceOfMillilitres(millilitres: number, pricePerLitre: Rupiah = PRICE_PER_LITRE_IDR): Rupiah {
  return Math.round((millilitres * pricePerLitre) / 1000);
}

/**
 * An amount of rupiah as a person types it, in the form the app shows it or plainer: '1.200', 'Rp 1.200', '1200',
 * '1 200', and '1,200' as English writes it; NaN for anything else (a fraction such as '1,5', letters, groups not of
 * three). Rupiah have no minor unit, so a dot or a comma can only group thousands.
 */
export function parseRupiah(text: string): number {
  const amount = text.trim().replace(/^rp\.?\s*/i, '');
  if (!/^\d{1,3}([.,\s]\d{3})*$/.test(amount) && !/^\d+$/.test(amount)) return Number.NaN;
  const digits = amount.replace(/[.,\s]/g, '');
  return digits.length <= 12 ? Number(digits) : Number.NaN;
}

/** Parses a string or number amount as the API may send it ('50000'); anything unparsable is 0. */
export function parseAmount(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(n) ? n : 0;
}
