import type { ClaimDeps } from '../domain/claims';
import { log } from '../../platform/observability';
import { mailer } from '../../platform/providers/mailer';
import { claims } from './repositories/claims';
import { clock } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { telemetry } from '../../fleet/providers/repositories/telemetry';
import { users } from '../../accounts/providers/repositories/users';
import { vendSessions } from './repositories/vend-sessions';

/** What the claim routes that move money need: the table, and the mailer for the outcome e-mail (created when first used). */
export const claimDeps = (): ClaimDeps => ({
  vendSessions: vendSessions(),
  claims: claims(),
  ledger: ledger(),
  users: users(),
  telemetry: telemetry(),
  clock: clock(),
  get mailer() {
    return mailer();
  },
  log,
});
