/** The part of Web NFC (Chrome on Android) this app uses; TypeScript's DOM types do not have it. */
interface NdefWriter {
  write(message: { records: { recordType: 'text' | 'url'; data: string }[] }, options?: { signal?: AbortSignal; overwrite?: boolean }): Promise<void>;
}
type NdefReaderConstructor = new () => NdefWriter;

const ndefReader = (): NdefReaderConstructor | undefined => (globalThis as { NDEFReader?: NdefReaderConstructor }).NDEFReader;

/** Whether this browser can write NFC tags (Web NFC). */
export const canWriteNfc = () => typeof ndefReader() === 'function';

/** Writes the token as an NDEF text record; resolves once a reader took it. Abort with the signal. */
export async function writeNfcToken(token: string, signal: AbortSignal): Promise<void> {
  const Reader = ndefReader();
  if (!Reader) throw new Error('Web NFC is not supported on this device');
  await new Reader().write({ records: [{ recordType: 'text', data: token }] }, { signal });
}
