import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/schemas/settings';
import * as texts from './texts';
import { completedVolume, holdFor, minimumBalance, settlementFor } from './vend-rules';

/** The vend protocol's pure rules: holds, settlements, the minimum balance, completed volumes. */

describe('vend pricing and hold amounts', () => {
  it('holds the price of the maximum fill when the balance covers it', () => {
    expect(holdFor(5_000, 1500, 1000)).toEqual({ holdAmount: 1_500, maxMl: 1500 });
  });
  it('holds the whole balance when it is less, and authorizes the volume it pays for', () => {
    expect(holdFor(1_200, 1500, 1000)).toEqual({ holdAmount: 1_200, maxMl: 1200 });
    expect(holdFor(1_200, 1500, 2000)).toEqual({ holdAmount: 1_200, maxMl: 600 });
    expect(holdFor(999, 1500, 1500)).toEqual({ holdAmount: 999, maxMl: 666 });
  });
  it('holds nothing without money', () => {
    expect(holdFor(0, 1500, 1000)).toBeNull();
    expect(holdFor(-5, 1500, 1000)).toBeNull();
  });
  it('settles exactly the dispensed millilitres at Rp 1 per ml, never more than authorized or held', () => {
    const session = { maxMl: 1500, holdAmount: 1500, pricePerLitre: 1000 };
    expect(settlementFor(350, session)).toEqual({ volumeMl: 350, charge: 350 });
    expect(settlementFor(0, session)).toEqual({ volumeMl: 0, charge: 0 });
    expect(settlementFor(1800, session)).toEqual({ volumeMl: 1500, charge: 1500 });
    expect(settlementFor(333, { maxMl: 600, holdAmount: 1200, pricePerLitre: 2000 })).toEqual({ volumeMl: 333, charge: 666 });
  });
  it('needs 20 points (Rp 2,000) to vend by default and says so clearly', () => {
    expect(minimumBalance(defaultSettings())).toBe(2_000);
    // The amount as formatRupiah writes it, in both languages.
    expect(texts.insufficientBalance(2_000)).toEqual({
      en: 'Insufficient balance: you need at least Rp 2.000 to refill. Top up your wallet and try again.',
      id: 'Saldo tidak cukup: Anda perlu minimal Rp 2.000 untuk mengisi air. Isi ulang dompet Anda lalu coba lagi.',
    });
  });
});

describe('a completed volume', () => {
  const session = { maxMl: 500 };
  it('is the whole millilitres reported, fractions rounded down', () => {
    expect(completedVolume(250.5, session)).toEqual({ ok: true, volumeMl: 250 });
    expect(completedVolume(500, session)).toEqual({ ok: true, volumeMl: 500 });
  });
  it('says what is wrong with one it cannot settle, for the log and for the console', () => {
    expect(completedVolume(undefined, session)).toEqual({ ok: false, reason: 'no dispensedMl', problem: { kind: 'missing' } });
    expect(completedVolume('400 ml', session)).toEqual({ ok: false, reason: 'dispensedMl is a string, not a number', problem: { kind: 'notNumber' } });
    expect(completedVolume(Number.POSITIVE_INFINITY, session)).toMatchObject({ ok: false, problem: { kind: 'notNumber' } });
    expect(completedVolume(-1, session)).toMatchObject({ ok: false, problem: { kind: 'negative' } });
    expect(completedVolume(900.7, session)).toEqual({ ok: false, reason: 'dispensedMl 900 is above the authorized 500 ml', problem: { kind: 'aboveAuthorized', reportedMl: 900 } });
  });
});
