import type { reportPhotoTypes } from '@shared/schemas/report';
import { invalid } from '../../platform/domain/errors';
import * as texts from './texts';

type PhotoType = (typeof reportPhotoTypes)[number];

/** The image type the bytes themselves say (never the name or the declared type), or null for anything else. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const at = (offset: number, ascii: string) => [...ascii].every((c, i) => bytes[offset + i] === c.charCodeAt(0));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 8 && bytes[0] === 0x89 && at(1, 'PNG\r\n\u001a\n')) return 'image/png';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp';
  return null;
}

const notAnImage = () => invalid(texts.photoNotAnImage, { photoKey: 'Not a JPEG, PNG or WebP image' });

/**
 * The photo without the metadata that can tell where and when it was taken or by what device (EXIF with its GPS
 * block, XMP, IPTC, comments, text chunks); the picture itself is copied byte for byte. Malformed files are refused.
 */
export function stripPhotoMetadata(bytes: Uint8Array): { contentType: PhotoType; bytes: Uint8Array } {
  const contentType = sniffPhotoType(bytes);
  if (contentType === 'image/jpeg') return { contentType, bytes: stripJpeg(bytes) };
  if (contentType === 'image/png') return { contentType, bytes: stripPng(bytes) };
  if (contentType === 'image/webp') return { contentType, bytes: stripWebp(bytes) };
  throw notAnImage();
}

/** JPEG: drop APP1 (EXIF, XMP), APP13 (IPTC) and COM segments before the scan; the scan and after are kept. */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let offset = 2;
  for (;;) {
    if (offset + 4 > bytes.length || bytes[offset] !== 0xff) throw notAnImage();
    const marker = bytes[offset + 1]!;
    if (marker === 0xd9) break; // EOI without a scan
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2 || offset + 2 + length > bytes.length) throw notAnImage();
    const segment = bytes.subarray(offset, offset + 2 + length);
    if (marker === 0xda) {
      kept.push(bytes.subarray(offset));
      return concat(kept);
    }
    if (marker !== 0xe1 && marker !== 0xed && marker !== 0xfe) kept.push(segment);
    offset += 2 + length;
  }
  return concat([...kept, bytes.subarray(offset, offset + 2)]);
}

const DROPPED_PNG_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

/** PNG: drop eXIf and the text and time chunks. */
function stripPng(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) throw notAnImage();
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) throw notAnImage();
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (!DROPPED_PNG_CHUNKS.has(type)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') break;
  }
  return concat(kept);
}

/** WebP: drop the EXIF and XMP chunks and clear their flags in VP8X; the RIFF size is written anew. */
function stripWebp(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) throw notAnImage();
    const type = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const end = offset + 8 + size + (size % 2);
    if (offset + 8 + size > bytes.length) throw notAnImage();
    if (type === 'VP8X') {
      const chunk = bytes.slice(offset, Math.min(end, bytes.length));
      chunk[8] = chunk[8]! & ~0x0c; // XMP (0x04) and EXIF (0x08) flags
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      kept.push(bytes.subarray(offset, Math.min(end, bytes.length)));
    }
    offset = end;
  }
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
