import type { ClaimDeps } from '../domain/claims';
import { log } from '../observability';
import { mailer } from './mailer';
import * as repositories from './repositories';

/** What the claim routes that move money need: the table, and the mailer for the outcome e-mail (created when first used). */
export const claimDeps = (): ClaimDeps => ({
  vendSessions: repositories.vendSessions(),
  claims: repositories.claims(),
  ledger: repositories.ledger(),
  users: repositories.users(),
  telemetry: repositories.telemetry(),
  clock: repositories.clock(),
  get mailer() {
    return mailer();
  },
  log,
});
