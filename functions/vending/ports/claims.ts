import type { Claim, ClaimState, ClaimStatus } from '@shared/schemas/claim';
import type { TransactionPart } from '../../platform/ports/transaction';

/** A claim as stored (docs/architecture.md, "Claims"). */
export type ClaimRecord = Claim;

/** How a pending claim was resolved, by an admin. */
export type ClaimResolution = NonNullable<Claim['resolution']> & { creditedIdr: number };

/** Claims on vends: one per vend session, in the claimant's partition. */
export interface Claims {
  /** Stores a new claim; false when the vend has one already. */
  create(claim: ClaimRecord): Promise<boolean>;
  /** The write of `create`, for the ledger to commit with the claim's credit; rejected when the vend has a claim. */
  creating(claim: ClaimRecord): TransactionPart;
  get(userId: string, sessionId: string): Promise<ClaimRecord | null>;
  /** The states of the claims on these vends of one user (vends without a claim are absent). */
  statesOf(userId: string, sessionIds: string[]): Promise<Map<string, ClaimState>>;
  /** Claims of one status, oldest first (the admin queue). */
  list(status: ClaimStatus, page: { limit: number; cursor?: string }): Promise<{ items: ClaimRecord[]; nextCursor: string | null }>;
  /** How many claims wait for a decision, counted through the whole queue. */
  counts(): Promise<{ pending: number }>;
  /** The write that resolves a pending claim, joined to its credit; rejected when it is not pending any more. */
  resolving(claim: ClaimRecord, resolution: ClaimResolution): TransactionPart;
  /** Resolves a pending claim on its own (a decline); false when it was not pending. */
  resolve(claim: ClaimRecord, resolution: ClaimResolution): Promise<boolean>;
}
