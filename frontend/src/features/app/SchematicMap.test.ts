import { describe, expect, it } from 'vitest';
import { project, spreadOut } from './SchematicMap';

describe('schematic map placement', () => {
  it('projects with one scale, centred, inside the box', () => {
    const place = project([{ latitude: -8.69, longitude: 115.16 }, { latitude: -8.72, longitude: 115.17 }]);
    const a = place({ latitude: -8.69, longitude: 115.16 });
    const b = place({ latitude: -8.72, longitude: 115.17 });
    expect(a.y).toBeLessThan(b.y); // north is up
    expect(a.x).toBeLessThan(b.x); // east is right
    for (const p of [a, b]) {
      expect(p.x).toBeGreaterThan(0.1);
      expect(p.x).toBeLessThan(0.9);
      expect(p.y).toBeGreaterThan(0.1);
      expect(p.y).toBeLessThan(0.9);
    }
  });

  it('moves markers apart so each can be tapped, and leaves distant ones alone', () => {
    const spread = spreadOut([{ x: 0.3, y: 0.3 }, { x: 0.31, y: 0.31 }, { x: 0.8, y: 0.8 }]);
    const [a, b, c] = spread as [{ x: number; y: number }, { x: number; y: number }, { x: number; y: number }];
    expect(Math.hypot(b.x - a.x, (b.y - a.y) * 0.75)).toBeGreaterThanOrEqual(0.119);
    expect(c).toEqual({ x: 0.8, y: 0.8 });
    const same = spreadOut([{ x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5 }]);
    expect(Math.abs(same[0]!.x - same[1]!.x)).toBeGreaterThanOrEqual(0.119);
  });
});
