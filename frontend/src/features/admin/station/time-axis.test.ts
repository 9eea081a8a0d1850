import { describe, expect, it } from 'vitest';
import { timeAxisLabels } from './time-axis';

// Ticks as the chart places them: epoch seconds of Bali's times, UTC+8 (month 8 is September).
const at = (month: number, day: number, hour = 0) => Date.UTC(2026, month, day, hour - 8) / 1000;

describe('the telemetry chart time axis (timeAxisLabels)', () => {
  it('writes hours and the first tick of each day in the page locale', () => {
    const ticks = [at(8, 30, 18), at(8, 30, 21), at(9, 1, 0), at(9, 1, 3)];
    expect(timeAxisLabels('id-ID', ticks, 3 * 3600)).toEqual(['18.00\n30 Sep', '21.00', '00.00\n1 Okt', '03.00']);
    expect(timeAxisLabels('en-GB', ticks, 3 * 3600)).toEqual(['18:00\n30 Sept', '21:00', '00:00\n1 Oct', '03:00']);
  });

  it('writes only dates when the ticks are a day or more apart', () => {
    const ticks = [at(4, 31), at(7, 17), at(11, 25)];
    expect(timeAxisLabels('id-ID', ticks, 86_400)).toEqual(['31 Mei', '17 Agu', '25 Des']);
    expect(timeAxisLabels('en-GB', ticks, 86_400)).toEqual(['31 May', '17 Aug', '25 Dec']);
  });
});
