// No React here: the receipt's first paint (features/guest/receipt-first-paint.ts) reads it too.

/** `/r/{receiptId}`: the order id and the receipt's secret, joined by a tilde. */
export function splitReceiptId(receiptId: string): { id: string; secret: string } | null {
  const at = receiptId.lastIndexOf('~');
  if (at <= 0 || at === receiptId.length - 1) return null;
  return { id: receiptId.slice(0, at), secret: receiptId.slice(at + 1) };
}
