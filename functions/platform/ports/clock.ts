/** Injected so that expiry, sweeps and ordering are deterministic in tests. */
export interface Clock {
  now(): Date;
}
export interface Ids {
  next(): string;
}
export const systemClock: Clock = { now: () => new Date() };
export const randomIds: Ids = { next: () => crypto.randomUUID() };
