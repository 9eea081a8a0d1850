/**
 * What the server says to people about host requests, in both languages (docs/design.md, "Error texts").
 * One export a text, as in functions/platform/domain/texts.ts: a function's bundle holds only the texts it says.
 */
export const nothingToChange = { en: 'Nothing to change', id: 'Tidak ada yang diubah' };
export const hostRequestNotFound = { en: 'Host request not found', id: 'Permintaan tuan rumah tidak ditemukan' };
