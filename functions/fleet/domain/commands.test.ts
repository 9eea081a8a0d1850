import { describe, expect, it } from 'vitest';
import { jobIdOf, stepEnds } from './commands';

const firmware = (stepPercent: number) => ({ type: 'firmware' as const, version: 'v2', rollout: { stepPercent, abortFailurePercent: 10 }, target: { all: true as const } });

describe('rollout steps', () => {
  it('adds ceil(stepPercent %) of the stations per step, the last step taking what is left', () => {
    expect(stepEnds(20, firmware(25))).toEqual([5, 10, 15, 20]);
    expect(stepEnds(10, firmware(30))).toEqual([3, 6, 9, 10]);
    expect(stepEnds(7, firmware(100))).toEqual([7]);
  });

  it('starts with one station however small the percent, and sends other commands to all at once', () => {
    expect(stepEnds(3, firmware(1))).toEqual([1, 2, 3]);
    expect(stepEnds(1000, firmware(1))).toHaveLength(100);
    expect(stepEnds(20, { type: 'restart', target: { all: true } })).toEqual([20]);
    expect(stepEnds(20, { type: 'setPrice', pricePerLitre: 2000, target: { all: true } })).toEqual([20]);
  });

  it('names a job per command and step', () => {
    expect(jobIdOf('0b7c8a1e-2f4d-4a53-9b1c-3e2d1f0a9b8c', 2)).toBe('0b7c8a1e-2f4d-4a53-9b1c-3e2d1f0a9b8c_2');
  });
});
