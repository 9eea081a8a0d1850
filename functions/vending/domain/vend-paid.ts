import { TransactionPartRejected } from '../../platform/ports/transaction';
import type { VendSession } from '../ports/vend-sessions';
import { conflict } from '../../platform/domain/errors';
import { effectiveStatus, stationPrice } from '../../stations/domain/machines';
import { sendVendToken, type VendDeps } from './vend';
import { refusedByLedger, sessionExpiry, stationName } from './vend-rules';
import * as texts from './texts';

/** A vend session paid by the gateway (POST /api/purchase; docs/architecture.md, Payments): a remote start, once per order. */

/** What a paid purchase order tells the vend domain (structurally the payment order of a purchase). */
export interface PaidOrder {
  orderId: string;
  userId: string;
  /** Rupiah the gateway took and the ledger credited to the wallet under the order id. */
  amount: number;
  machineId: string;
  volumeMl: number;
}

/** The session of a paid order has an id derived from the order's: one order, one session, however often it is opened. */
export const paidSessionId = (orderId: string) => `PAID-${orderId}`;

/**
 * A remote start paid by the gateway: the paid amount was credited to the buyer's wallet (under the order id).
 * Checks the station, holds exactly that amount, opens a session for the paid volume and sends the station
 * vend/authorized with a signed vend token; vend/complete, vend/failed and the sweep then settle or release it
 * as any NFC session. Idempotent on the order id: a second call finds the session and sends nothing.
 * A station that is unknown or not online answers 409 and the money stays in the wallet.
 */
export async function openPaidVendSession(order: PaidOrder, deps: VendDeps): Promise<{ sessionId: string; status: 'authorized' | VendSession['status'] }> {
  const sessionId = paidSessionId(order.orderId);
  const existing = await deps.vendSessions.get(sessionId);
  if (existing) return { sessionId, status: existing.status === 'open' ? 'authorized' : existing.status };

  const now = deps.clock.now();
  const [machine, settings] = await Promise.all([deps.machines.get(order.machineId), deps.settings.get()]);
  const status = machine ? effectiveStatus(machine, now, settings.heartbeatIntervalSeconds) : 'unknown';
  if (!machine || status !== 'online') {
    deps.log.info('paid vend refused: station not available; the amount stays in the wallet', { orderId: order.orderId, stationId: order.machineId, status });
    throw conflict(texts.paidButUnavailable(order.amount));
  }
  const stationId = machine.id;
  const fresh: VendSession = {
    id: sessionId, stationId, machineName: stationName(machine), userId: order.userId, tokenId: order.orderId, requestId: order.orderId,
    status: 'open', holdAmount: order.amount, maxMl: order.volumeMl, pricePerLitre: stationPrice(machine, settings),
    createdAt: now.toISOString(), expiresAt: sessionExpiry(now, settings).toISOString(),
  };
  // The session and its hold are one transaction: two callers at once (the purchase request and the gateway's
  // notification) cannot leave a session without its hold, and only the one that wrote them goes on to the station.
  try {
    const held = await deps.ledger.hold(order.userId, sessionId, order.amount, {
      reference: sessionId, actor: order.userId, machineId: stationId, machineName: fresh.machineName, note: `Paid purchase ${order.orderId}`,
    }, { together: deps.vendSessions.creating(fresh) });
    if (held.replayed) return { sessionId, status: 'authorized' };
  } catch (error) {
    if (error instanceof TransactionPartRejected) {
      const other = await deps.vendSessions.get(sessionId);
      return { sessionId, status: !other || other.status === 'open' ? 'authorized' : other.status };
    }
    if (!refusedByLedger(error)) throw error;
    deps.log.warn('paid vend: the paid amount could not be held', { orderId: order.orderId, sessionId, error: (error as Error).message });
    throw conflict(texts.paidAmountGone);
  }

  await sendVendToken(deps, fresh, { requestId: order.orderId, now, settings });
  deps.log.info('paid vend authorized (remote start)', { stationId, sessionId, orderId: order.orderId, holdAmount: order.amount, maxMl: fresh.maxMl });
  return { sessionId, status: 'authorized' };
}
