/**
 * What the server says to people about users and the admin sign-in, in both languages (docs/design.md, "Error texts").
 * One export a text, as in functions/platform/domain/texts.ts: a function's bundle holds only the texts it says.
 */
export const userNotFound = { en: 'User not found', id: 'Pengguna tidak ditemukan' };
export const invalidCredentials = { en: 'Invalid credentials', id: 'Kredensial tidak valid' };
export const totpCodeRequired = { en: 'This account signs in with a code from its authenticator app: send it as `code`', id: 'Akun ini masuk dengan kode dari aplikasi autentikator: kirim sebagai `code`' };
export const signInAnotherStep = (challenge: string) => ({
  en: `Sign-in needs another step (${challenge}); finish it in the app first`,
  id: `Proses masuk memerlukan langkah lain (${challenge}); selesaikan dulu di aplikasi`,
});
