/**
 * Where the guest asks to be answered, as the claim's schema takes it: an e-mail address, or a WhatsApp number with
 * its country code written as people do ('+62 812-3456 7890'), sent in E.164 shape; null when it is neither.
 */
export function contactOf(text: string): { email: string } | { whatsapp: string } | null {
  const trimmed = text.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return { email: trimmed };
  const number = trimmed.replace(/[\s().-]/g, '');
  return /^\+[1-9][0-9]{7,14}$/.test(number) ? { whatsapp: number } : null;
}
