import { entity } from './entity';
import { keys, STATS_SHARDS } from './keys';

/** The running totals of the admin's summary cards (keys.ts, "Totals shard"): counters only, one shard at random per write (the ledger adds its counters, the users adapter the accounts). */
export const statsShard = entity<Record<string, number>>()(keys.statsShard);
export const randomStatsShard = () => Math.floor(Math.random() * STATS_SHARDS);
