/**
 * Business events the functions count (`countMetric` in functions/observability.ts) that someone must look at: each
 * has a CloudWatch alarm on the alarm topic (infra/constructs/observability.ts).
 */
export const ALARMED_METRICS = {
  paymentsNotConfigured: {
    name: 'payments.notConfigured',
    description: 'A payment was refused because the payment secret holds no gateway key (docs/infrastructure.md, "Secrets")',
  },
} as const;
