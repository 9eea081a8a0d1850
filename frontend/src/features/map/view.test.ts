import { describe, expect, it } from 'vitest';
import { viewAround } from './view';

describe('the view before the map has loaded', () => {
  it('spans the world at zoom 0 in a 512-pixel map, as MapLibre draws it', () => {
    const view = viewAround({ latitude: 0, longitude: 0 }, 0, 512, 512);
    expect(view.east - view.west).toBeCloseTo(360, 6);
    expect(view.north - view.south).toBeCloseTo(360, 6);
  });

  it('halves with each zoom level and shortens in latitude away from the equator', () => {
    const bali = viewAround({ latitude: -8.6476, longitude: 115.1369 }, 12, 648, 688);
    expect(bali.east - bali.west).toBeCloseTo((648 / 512 / 2 ** 12) * 360, 9);
    expect(bali.north - bali.south).toBeCloseTo((688 / 512 / 2 ** 12) * 360 * Math.cos((8.6476 * Math.PI) / 180), 9);
    expect((bali.west + bali.east) / 2).toBeCloseTo(115.1369, 9);
    expect((bali.south + bali.north) / 2).toBeCloseTo(-8.6476, 9);
  });
});
