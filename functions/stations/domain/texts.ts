/**
 * What the server says to people about stations and their machines, in both languages (docs/design.md, "Error texts").
 * One export a text, as in functions/platform/domain/texts.ts: a function's bundle holds only the texts it says.
 */
export const stationNotFound = { en: 'Station not found', id: 'Stasiun tidak ditemukan' };
export const stationNotAvailable = { en: 'This station is not available right now', id: 'Stasiun ini sedang tidak tersedia' };
export const atMostPerRefill = (litres: number) => ({ en: `This station dispenses at most ${litres} L per refill`, id: `Stasiun ini mengisi paling banyak ${String(litres).replace('.', ',')} L per isi ulang` });
export const stationIdNotFound = (id: string) => ({ en: `Station ${id} not found`, id: `Stasiun ${id} tidak ditemukan` });
export const machineIdNotFound = (id: string) => ({ en: `Machine ${id} not found`, id: `Mesin ${id} tidak ditemukan` });
export const machineNotFound = { en: 'Machine not found', id: 'Mesin tidak ditemukan' };
