import type { ClaimDeps } from '../domain/claims';
import { log } from '../observability';
import { data } from './data';
import { mailer } from './mailer';

/** What the claim routes that move money need: the table, and the mailer for the outcome e-mail (created when first used). */
export const claimDeps = (): ClaimDeps => ({
  ...data(),
  get mailer() {
    return mailer();
  },
  log,
});
