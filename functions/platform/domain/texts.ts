import type { Localized } from '@shared/language';

/**
 * What the server says to people in both languages (docs/design.md, "Error texts"): here what the platform and the HTTP
 * adapter say, and beside each part of the business (functions/<context>/domain/texts.ts) what it says. The English
 * text is also the error's own message in logs, word for word as before. Each text is its own export, read as
 * `texts.<name>` through `import * as texts` (`<context>Texts` for another context's): a function's bundle then holds
 * only the texts it says, and a handler reaches only the texts of the contexts it uses (docs/scale.md, "Functions").
 */

// Identity and requests (the HTTP adapter's answers, and the defaults of `unauthorized` and `forbidden`).
export const signInRequired = { en: 'Sign in required', id: 'Silakan masuk terlebih dahulu' };
export const noAccess = { en: 'You do not have access to this', id: 'Anda tidak memiliki akses ke sini' };
export const adminRequired = { en: 'Administrator access required', id: 'Hanya untuk administrator' };
export const onlyForRole = (roles: string) => ({ en: `Only for the role ${roles}`, id: `Hanya untuk peran ${roles}` });
export const secondFactorRequired = {
  en: 'This needs a sign-in with a code from your authenticator app: turn on two-step sign-in (TOTP) for your account, then sign in again',
  id: 'Ini memerlukan masuk dengan kode dari aplikasi autentikator: aktifkan masuk dua langkah (TOTP) untuk akun Anda, lalu masuk lagi',
};
export const invalidJson = { en: 'Request body must be valid JSON', id: 'Isi permintaan harus JSON yang valid' };
export const invalidRequest = { en: 'Invalid request', id: 'Permintaan tidak valid' };
export const invalidPart = (where: 'path' | 'query' | 'request', summary: Localized) => ({
  en: `Invalid ${where}: ${summary.en}`,
  id: `${{ path: 'Alamat', query: 'Kueri', request: 'Permintaan' }[where]} tidak valid: ${summary.id}`,
});
export const serviceUnavailable = { en: 'Service temporarily unavailable, please try again', id: 'Layanan sedang tidak tersedia, silakan coba lagi' };
export const internalError = { en: 'Internal error', id: 'Terjadi kesalahan internal' };
