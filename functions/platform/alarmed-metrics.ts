/**
 * Business events the functions count (`countMetric` in functions/platform/observability.ts, or a handler's outcome
 * `<function>.<outcome>` in observedHandler) that someone must look at: each has a CloudWatch alarm on the alarm
 * topic (infra/constructs/observability.ts), raised from one event in five minutes unless a threshold says otherwise.
 */
export const ALARMED_METRICS = {
  paymentsNotConfigured: {
    name: 'payments.notConfigured',
    description: 'A payment was refused because the payment secret holds no gateway key (docs/infrastructure.md, "Secrets")',
  },
  vendIncident: {
    name: 'vendComplete.incident',
    description: 'A station reported a completion that cannot be settled as it came: an incident holds the session and its hold until the station retries or an operator resolves it (docs/architecture.md, Vend incidents)',
  },
  lateWaterOwed: {
    name: 'vendComplete.receivable',
    description: 'Water reported after its hold was released cost more than the balance: the rest is owed by the user (docs/architecture.md, Late completions)',
  },
  offlineRedeemedTwice: {
    name: 'vendComplete.redeemedTwice',
    description: 'The same NFC token was redeemed at a second offline station: charged late (at most one allowance), the rest owed, and the account gets no new token until it is paid (docs/architecture.md, "Offline vends")',
  },
  refundOwed: {
    name: 'paymentNotification.refundOwed',
    description: 'A gateway refund took back money the wallet no longer held: the rest is owed by the user (docs/architecture.md, Payments)',
  },
  unconfirmedNotifications: {
    name: 'paymentNotification.unconfirmed',
    description: 'Payment notifications the gateway status API does not confirm (replays, forged statuses or refunds): nothing moved, someone may be trying',
    threshold: 5,
  },
  rejectedNotifications: {
    name: 'paymentNotification.rejected',
    description: 'Payment notifications with a bad signature, or a status_code that does not match their status: refused',
    threshold: 5,
  },
  sweepErrors: {
    name: 'sweep.errors',
    description: 'The sweep could not close some expired vend sessions (it goes on past them and tries them again every minute)',
  },
  alertSweepErrors: {
    name: 'alertSweep.errors',
    description: 'The alert sweep could not check or e-mail some alerts (silent stations, dead-letter queues, due e-mails); it tries again every minute',
  },
} as const;
