import type { Language, Localized } from './language';

/**
 * IoT Core's disconnect reasons (the lifecycle event's disconnectReason, shared/schemas/machine.ts) as an operator
 * reads them: the console's station list and station page, and an offline alert's detail.
 */
const DISCONNECT_REASONS: Record<string, Localized> = {
  CLIENT_INITIATED_DISCONNECT: { en: 'the station disconnected', id: 'stasiun memutus koneksi' },
  CONNECTION_LOST: { en: 'connection lost', id: 'koneksi terputus' },
  MQTT_KEEP_ALIVE_TIMEOUT: { en: 'keep-alive timeout, no signal', id: 'batas keep-alive habis, tanpa sinyal' },
  DUPLICATE_CLIENTID: { en: 'replaced by another connection with its id', id: 'digantikan koneksi lain dengan id yang sama' },
  SERVER_INITIATED_DISCONNECT: { en: 'disconnected by IoT Core', id: 'diputus oleh IoT Core' },
  AUTH_ERROR: { en: 'authentication failed', id: 'autentikasi gagal' },
  FORBIDDEN_ACCESS: { en: 'refused by the IoT policy', id: 'ditolak oleh kebijakan IoT' },
  CLIENT_ERROR: { en: 'the station sent something invalid', id: 'stasiun mengirim data tidak valid' },
  SERVER_ERROR: { en: 'IoT Core error', id: 'galat IoT Core' },
  THROTTLED: { en: 'throttled', id: 'dibatasi' },
};

/** The reason in words of both languages; one IoT Core adds later, as it came, in lower case and spaced. */
export function disconnectReasonWords(reason: string): Localized {
  if (Object.hasOwn(DISCONNECT_REASONS, reason)) return DISCONNECT_REASONS[reason]!;
  const spaced = reason.toLowerCase().replaceAll('_', ' ');
  return { en: spaced, id: spaced };
}

export const disconnectReasonIn = (reason: string, language: Language) => disconnectReasonWords(reason)[language];
