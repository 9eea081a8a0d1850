/**
 * A dynamic QRIS payload (EMVCo merchant-presented QR, as Bank Indonesia's QRIS uses) for the sandbox:
 * the shape and the CRC are real, the merchant is not, so a real banking app refuses to pay it.
 */
const tlv = (id: string, value: string) => {
  if (value.length > 99) throw new Error(`QRIS field ${id} is longer than 99 characters`);
  return id + String(value.length).padStart(2, '0') + value;
};

/** CRC-16/CCITT-FALSE over the payload including '6304', as EMVCo requires. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function qrisPayload(options: { amount: number; reference: string; merchantName?: string; city?: string }): string {
  const body =
    tlv('00', '01') + // payload format indicator
    tlv('01', '12') + // dynamic QR (one payment)
    tlv('26', tlv('00', 'ID.CO.BALIREFILL.SANDBOX') + tlv('01', '9360000000000000000') + tlv('02', 'SANDBOX0001') + tlv('03', 'UMI')) +
    tlv('52', '5499') + // merchant category: misc. food stores
    tlv('53', '360') + // IDR
    tlv('54', String(options.amount)) +
    tlv('58', 'ID') +
    tlv('59', (options.merchantName ?? 'BALI REFILL SANDBOX').slice(0, 25)) +
    tlv('60', (options.city ?? 'DENPASAR').slice(0, 15)) +
    tlv('62', tlv('01', options.reference.slice(0, 25))) +
    '6304';
  return body + crc16(body);
}
