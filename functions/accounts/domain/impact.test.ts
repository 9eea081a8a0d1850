import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/schemas/settings';
import { impactOfDispensed } from './impact';

describe('environmental impact from metered millilitres', () => {
  it('counts a 500 ml bottle per half litre and 0.0828 kg CO2 per bottle by default', () => {
    expect(impactOfDispensed(1_500, defaultSettings())).toEqual({ litresRefilled: 1.5, bottlesSaved: 3, co2Saved: 0.25 });
    expect(impactOfDispensed(26_000, defaultSettings())).toEqual({ litresRefilled: 26, bottlesSaved: 52, co2Saved: 4.31 });
  });
  it('counts only whole bottles', () => {
    expect(impactOfDispensed(499, defaultSettings()).bottlesSaved).toBe(0);
    expect(impactOfDispensed(999, defaultSettings()).bottlesSaved).toBe(1);
  });
  it('uses the factors of the settings item', () => {
    expect(impactOfDispensed(3_000, { bottleLitres: 1.5, co2KgPerBottle: 0.2 })).toEqual({ litresRefilled: 3, bottlesSaved: 2, co2Saved: 0.4 });
  });
  it('is zero for a user who never refilled or is not stored yet', () => {
    for (const ml of [0, undefined, null, -5, Number.NaN]) {
      expect(impactOfDispensed(ml, defaultSettings())).toEqual({ litresRefilled: 0, bottlesSaved: 0, co2Saved: 0 });
    }
  });
});
