import { describe, expect, it } from 'vitest';
import { sniffPhotoType, stripPhotoMetadata } from './photo-metadata';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u32le = (n: number) => u32be(n).reverse();
const pngChunk = (type: string, data: number[]) => [...u32be(data.length), ...ascii(type), ...data, 0, 0, 0, 0];
const webpChunk = (type: string, data: number[]) => [...ascii(type), ...u32le(data.length), ...data, ...(data.length % 2 ? [0] : [])];
const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

describe('photo metadata', () => {
  it('tells images by their bytes, not by what the sender claimed', () => {
    expect(sniffPhotoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffPhotoType(Uint8Array.from([0x89, ...ascii('PNG\r\n\u001a\n'), 0]))).toBe('image/png');
    expect(sniffPhotoType(Uint8Array.from([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')]))).toBe('image/webp');
    expect(sniffPhotoType(Uint8Array.from(ascii('GIF89a....')))).toBeNull();
    expect(() => stripPhotoMetadata(Uint8Array.from(ascii('<svg onload=alert(1)>')))).toThrow(/not a JPEG, PNG or WebP/);
  });

  it('removes PNG eXIf and text chunks and keeps the picture chunks in order', () => {
    const png = Uint8Array.from([
      0x89, ...ascii('PNG\r\n\u001a\n'),
      ...pngChunk('IHDR', Array(13).fill(1)),
      ...pngChunk('eXIf', ascii('MM\u0000*GPSLatitude')),
      ...pngChunk('tEXt', ascii('Location\u0000Ubud')),
      ...pngChunk('IDAT', [9, 9, 9]),
      ...pngChunk('IEND', []),
    ]);
    const { contentType, bytes } = stripPhotoMetadata(png);
    expect(contentType).toBe('image/png');
    expect(has(bytes, 'GPS') || has(bytes, 'Ubud') || has(bytes, 'eXIf') || has(bytes, 'tEXt')).toBe(false);
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/IHDR[\s\S]*IDAT[\s\S]*IEND/);
    expect(bytes.length).toBe(png.length - pngChunk('eXIf', ascii('MM\u0000*GPSLatitude')).length - pngChunk('tEXt', ascii('Location\u0000Ubud')).length);
  });

  it('removes WebP EXIF and XMP chunks, clears their VP8X flags and rewrites the RIFF size', () => {
    const body = [...ascii('WEBP'), ...webpChunk('VP8X', [0x0c | 0x10, 0, 0, 0, 1, 0, 0, 1, 0, 0]), ...webpChunk('VP8L', [1, 2, 3]), ...webpChunk('EXIF', ascii('GPSLatitude')), ...webpChunk('XMP ', ascii('<x:xmpmeta/>'))];
    const webp = Uint8Array.from([...ascii('RIFF'), ...u32le(body.length), ...body]);
    const { contentType, bytes } = stripPhotoMetadata(webp);
    expect(contentType).toBe('image/webp');
    expect(has(bytes, 'GPS') || has(bytes, 'xmpmeta')).toBe(false);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(bytes[20]! & 0x0c).toBe(0);
    expect(bytes[20]! & 0x10).toBe(0x10);
  });

  it('refuses a truncated file rather than keep what it cannot read', () => {
    expect(() => stripPhotoMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 1, 2]))).toThrow(/not a JPEG/);
    expect(() => stripPhotoMetadata(Uint8Array.from([0x89, ...ascii('PNG\r\n\u001a\n'), ...u32be(999), ...ascii('IDAT')]))).toThrow(/not a JPEG/);
  });
});
