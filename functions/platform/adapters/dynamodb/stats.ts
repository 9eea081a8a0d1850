import { entity } from './entity';
import { keys, STATS_SHARDS } from './keys';

/** The running totals of the admin's summary cards (keys.ts, "Totals shard"): counters only, one shard at random per write (the ledger's counters still write theirs by hand: eslint.config.js). */
export const statsShard = entity<Record<string, number>>()(keys.statsShard);
export const randomStatsShard = () => Math.floor(Math.random() * STATS_SHARDS);
