import type { Construct } from 'constructs';
import type { PaymentsMode } from './function-bundle';

/**
 * The deployment's payments, from the `payments` context: live (Midtrans) unless `-c payments=sandbox` (a test stage:
 * simulated payments that settle by themselves). The functions' PAYMENTS_MODE setting and their bundles follow it.
 */
export function paymentsModeOf(scope: Construct): PaymentsMode {
  const value: unknown = scope.node.tryGetContext('payments');
  const mode = value === undefined || value === null || value === '' ? 'live' : String(value);
  if (mode !== 'live' && mode !== 'sandbox') throw new Error('context payments must be live or sandbox');
  return mode;
}
