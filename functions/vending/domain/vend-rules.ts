import { RUPIAH_PER_POINT } from '@shared/constants';
import { priceOfMillilitres } from '@shared/money';
import type { Settings } from '@shared/schemas/settings';
import type { VolumeProblem } from '@shared/schemas/incident';
import type { MachineRecord } from '../../stations/ports/machines';
import { TransactionPartRejected } from '../../platform/ports/transaction';
import type { VendSession } from '../ports/vend-sessions';
import { DomainError } from '../../platform/domain/errors';
import { fallbackName } from '../../stations/domain/machines';

/** The vend protocol's pure rules: what to hold, what a completion settles, when a session expires. */

/** Time a station has to finish dispensing after its vend token expired, before the sweep may expire the session. */
const DISPENSE_GRACE_SECONDS = 120;

/** The smallest balance that may start a vend (settings: 20 points = Rp 2,000). */
export const minimumBalance = (settings: Pick<Settings, 'minBalancePoints'>) => settings.minBalancePoints * RUPIAH_PER_POINT;

/**
 * What to hold for a vend: the price of the station's maximum fill, or the whole balance when that is
 * less, and the volume that amount pays for. Null when nothing can be dispensed.
 */
export function holdFor(balance: number, maxFillMl: number, pricePerLitre: number): { holdAmount: number; maxMl: number } | null {
  const full = priceOfMillilitres(maxFillMl, pricePerLitre);
  const holdAmount = Math.min(Math.max(0, Math.floor(balance)), full);
  if (holdAmount <= 0) return null;
  const maxMl = holdAmount >= full ? maxFillMl : Math.floor((holdAmount * 1000) / pricePerLitre);
  return maxMl > 0 ? { holdAmount, maxMl } : null;
}

/**
 * What an NFC token reserves for an offline station (docs/architecture.md, "Offline vends"): `allowanceMl` at the
 * fleet's highest price, never more than the balance (then the millilitres that balance pays for at that price).
 */
export function offlineAllowance(balance: number, allowanceMl: number, highestPricePerLitre: number): { ml: number; idr: number } {
  const held = holdFor(balance, allowanceMl, highestPricePerLitre);
  return held ? { ml: held.maxMl, idr: held.holdAmount } : { ml: 0, idr: 0 };
}

/**
 * The whole millilitres a completion reports, judged against its session: a finite number from 0 up to the
 * authorized volume, fractions rounded down (a meter's 250.5 ml is 250 ml). Anything else (a string, a negative
 * number, more than was authorized, nothing) cannot be settled as it came: the reason for its incident.
 */
export function completedVolume(reported: unknown, session: Pick<VendSession, 'maxMl'>): { ok: true; volumeMl: number } | { ok: false; reason: string; problem: VolumeProblem } {
  if (reported === undefined || reported === null) return { ok: false, reason: 'no dispensedMl', problem: { kind: 'missing' } };
  if (typeof reported !== 'number') return { ok: false, reason: `dispensedMl is a ${typeof reported}, not a number`, problem: { kind: 'notNumber' } };
  if (!Number.isFinite(reported)) return { ok: false, reason: 'dispensedMl is not a finite number', problem: { kind: 'notNumber' } };
  if (reported < 0) return { ok: false, reason: 'dispensedMl is negative', problem: { kind: 'negative' } };
  const volumeMl = Math.floor(reported);
  if (volumeMl > session.maxMl) return { ok: false, reason: `dispensedMl ${volumeMl} is above the authorized ${session.maxMl} ml`, problem: { kind: 'aboveAuthorized', reportedMl: volumeMl } };
  return { ok: true, volumeMl };
}

/** Millilitres settled and their price: never more than authorized, never more than the hold. */
export function settlementFor(dispensedMl: number, session: Pick<VendSession, 'maxMl' | 'holdAmount' | 'pricePerLitre'>): { volumeMl: number; charge: number } {
  const volumeMl = Math.max(0, Math.min(Math.floor(dispensedMl), session.maxMl));
  return { volumeMl, charge: Math.min(session.holdAmount, priceOfMillilitres(volumeMl, session.pricePerLitre)) };
}

export function sessionExpiry(now: Date, settings: Pick<Settings, 'vendTokenExpirySeconds'>): Date {
  return new Date(now.getTime() + (settings.vendTokenExpirySeconds + DISPENSE_GRACE_SECONDS) * 1000);
}

export const stationName = (machine: MachineRecord) => machine.name?.trim() || fallbackName(machine.id);
export const isDomain = (error: unknown, status: number) => error instanceof DomainError && error.status === status;
/** The ledger wrote nothing: a conflict (the balance, a hold already closed), no such hold or user, or a joined write's condition failed. */
export const refusedByLedger = (error: unknown) => error instanceof TransactionPartRejected || isDomain(error, 409) || isDomain(error, 404);
