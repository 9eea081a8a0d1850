import { describe, expect, it } from 'vitest';
import { REPORT_LIMITS } from '@functions/fieldwork/domain/reports';
import { bearer, signInAs } from '../support/auth';
import { apiFetch, local } from '../support/local';
import { provision } from './stations-support';

/** Issue 15, item 4: a problem report with a photo, from the public page to the admin's list and back. */

const segment = (marker: number, payload: Uint8Array | string) => {
  const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  return new Uint8Array([0xff, marker, (bytes.length + 2) >> 8, (bytes.length + 2) & 0xff, ...bytes]);
};
/** A JPEG whose EXIF block holds a GPS position (the structure a phone camera writes; the scan data is a stand-in). */
function jpegWithLocation(): Uint8Array {
  const parts = [
    new Uint8Array([0xff, 0xd8]),
    segment(0xe0, 'JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000'),
    segment(0xe1, 'Exif\u0000\u0000MM\u0000*GPSLatitude -8.5069 GPSLongitude 115.2625'),
    segment(0xfe, 'shot at Jl. Raya Ubud 12'),
    segment(0xdb, new Uint8Array(65).fill(1)),
    segment(0xda, new Uint8Array([1, 1, 0, 0, 63, 0])),
    new Uint8Array([0x12, 0x34, 0x56, 0x78, 0xff, 0xd9]),
  ];
  return Uint8Array.from(parts.flatMap((p) => [...p]));
}

const viewer = (ip: string) => ({ 'cloudfront-viewer-address': `${ip}:443` });
let ipCounter = 0;
const freshViewer = () => viewer(`198.51.100.${++ipCounter}`);

async function stationIds(): Promise<string[]> {
  return ((await apiFetch('/api/machines')).body as { id: string }[]).map((m) => m.id);
}

async function upload(bytes: Uint8Array, contentType: string, headers = freshViewer()) {
  const presigned = await apiFetch('/api/reports/photo-uploads', { method: 'POST', headers, json: { contentType, size: bytes.length } });
  expect(presigned.status).toBe(201);
  const { url, fields, key } = presigned.body as { url: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([Buffer.from(bytes)], { type: contentType }), 'photo');
  const posted = await fetch(new URL(url, local().web!), { method: 'POST', body: form });
  expect(posted.status, await posted.text()).toBeLessThan(300);
  return key;
}

describe('reporting a problem at a station', () => {
  it('refuses bad reports with field messages, and an unknown station with 404', async () => {
    const [station] = await stationIds();
    const cases: [unknown, string][] = [
      [{ stationId: station, category: 'on-fire', note: '' }, 'category'],
      [{ stationId: station, category: 'broken', note: 'x'.repeat(1001) }, 'note'],
      [{ stationId: station, category: 'broken', note: '', photoKey: '../reports/other' }, 'photoKey'],
      [{ category: 'broken' }, 'stationId'],
    ];
    for (const [json, field] of cases) {
      const answer = await apiFetch('/api/reports', { method: 'POST', headers: freshViewer(), json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(answer.body.fields)).toContain(field);
    }
    expect((await apiFetch('/api/reports', { method: 'POST', headers: freshViewer(), json: { stationId: 'NOPE-0000', category: 'broken' } })).status).toBe(404);
    for (const json of [{ contentType: 'image/gif', size: 10 }, { contentType: 'image/jpeg', size: 3 * 1024 * 1024 + 1 }, { contentType: 'image/png', size: 0 }]) {
      expect((await apiFetch('/api/reports/photo-uploads', { method: 'POST', headers: freshViewer(), json })).status, JSON.stringify(json)).toBe(400);
    }
    const notUploaded = `uploads/${crypto.randomUUID()}`;
    const missing = await apiFetch('/api/reports', { method: 'POST', headers: freshViewer(), json: { stationId: station, category: 'broken', photoKey: notUploaded } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.photoKey).toBeTruthy();
  });

  it('takes a photo straight to storage, strips its location before the admin sees it, and flags the station until resolved', async () => {
    // A station of its own: another file's report left open at a shared one would flag it already.
    const station = (await provision('Photo Report Station')).machine.id;
    const before = await apiFetch(`/api/machines/${station}`);
    expect(before.body.problemReported).toBe(false);

    const original = jpegWithLocation();
    const key = await upload(original, 'image/jpeg');
    expect(key).toMatch(/^uploads\//);
    const created = await apiFetch('/api/reports', { method: 'POST', headers: freshViewer(), json: { stationId: station, category: 'no-water', note: 'Tap runs dry', photoKey: key } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ stationId: station, category: 'no-water', note: 'Tap runs dry', status: 'open', photo: { contentType: 'image/jpeg' } });
    expect(created.body.photo.bytes).toBeLessThan(original.length);
    // The upload itself is gone; only the cleaned copy is kept.
    expect((await fetch(`${local().storage.endpoint}/${local().storage.bucket}/${key}`)).status).toBe(404);

    expect((await apiFetch(`/api/machines/${station}`)).body.problemReported).toBe(true);
    expect(((await apiFetch('/api/machines')).body as { id: string; problemReported: boolean }[]).find((m) => m.id === station)!.problemReported).toBe(true);

    const admin = await signInAs('admin');
    const open = await apiFetch('/api/admin/reports', { headers: bearer(admin.token) });
    expect(open.status).toBe(200);
    expect((open.body as { id: string }[]).map((r) => r.id)).toContain(created.body.id);

    const photo = await apiFetch(`/api/admin/reports/${created.body.id}/photo`, { headers: bearer(admin.token) });
    expect(photo.status).toBe(200);
    const [, base64] = /^data:image\/jpeg;base64,(.+)$/.exec(photo.body.dataUrl as string)!;
    const cleaned = Buffer.from(base64!, 'base64');
    expect([...cleaned.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(cleaned.includes('Exif')).toBe(false);
    expect(cleaned.includes('GPS')).toBe(false);
    expect(cleaned.includes('Jl. Raya Ubud')).toBe(false);
    expect(cleaned.includes(Buffer.from([0x12, 0x34, 0x56, 0x78, 0xff, 0xd9]))).toBe(true);

    const resolved = await apiFetch(`/api/admin/reports/${created.body.id}/resolve`, { method: 'POST', headers: bearer(admin.token) });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: 'admin:admin@bali-refill.test' });
    expect((await apiFetch(`/api/admin/reports/${created.body.id}/resolve`, { method: 'POST', headers: bearer(admin.token) })).status).toBe(409);
    expect((await apiFetch(`/api/machines/${station}`)).body.problemReported).toBe(false);
    const resolvedList = await apiFetch('/api/admin/reports?status=resolved', { headers: bearer(admin.token) });
    expect((resolvedList.body as { id: string }[]).map((r) => r.id)).toContain(created.body.id);
  });

  it('refuses a file that is not an image, and keeps no report for it', async () => {
    const [station] = await stationIds();
    const key = await upload(new TextEncoder().encode('#!/bin/sh\necho not a photo\n'), 'image/png');
    const answer = await apiFetch('/api/reports', { method: 'POST', headers: freshViewer(), json: { stationId: station, category: 'dirty', photoKey: key } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/not a JPEG, PNG or WebP/);
  });

  it('limits reports per client address and answers 429 past the limit', async () => {
    // A station of its own: another file's open report on a shared one would keep it flagged.
    const station = (await provision('Reported Station')).machine.id;
    const headers = freshViewer();
    const admin = await signInAs('admin');
    const ids: string[] = [];
    for (let i = 0; i < REPORT_LIMITS.reportsPerHour; i++) {
      const answer = await apiFetch('/api/reports', { method: 'POST', headers, json: { stationId: station, category: 'other', note: `report ${i}` } });
      expect(answer.status).toBe(201);
      ids.push(answer.body.id as string);
    }
    const refused = await apiFetch('/api/reports', { method: 'POST', headers, json: { stationId: station, category: 'other', note: 'one too many' } });
    expect(refused.status).toBe(429);
    // Another client is not affected.
    const other = await apiFetch('/api/reports', { method: 'POST', headers: freshViewer(), json: { stationId: station, category: 'other' } });
    expect(other.status).toBe(201);
    ids.push(other.body.id as string);
    for (const id of ids) await apiFetch(`/api/admin/reports/${id}/resolve`, { method: 'POST', headers: bearer(admin.token) });
    expect((await apiFetch(`/api/machines/${station}`)).body.problemReported).toBe(false);
  });
});
