import { GatewayRejected, GatewayUnavailable, type ChargeRequest, type ChargeResult, type GatewayRefund, type OrderRef, type PaymentGateway, type PaymentNotification, type RefundRequest } from '../../ports/payment-gateway';
import { chargeBody, MIDTRANS_BASE_URL, MIDTRANS_SNAP_URL, parseChargeResponse, parseSnapResponse, snapBody, parseRefundResponse, parseStatusResponse, refundBody, verifyNotificationBody } from './protocol';

export interface MidtransOptions {
  serverKey: string;
  /** Sandbox keys (SB-Mid-server-...) talk to api.sandbox.midtrans.com, production keys to api.midtrans.com. */
  production: boolean;
  /** Sent as X-Override-Notification so notifications reach this deployment's webhook. */
  notificationUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Midtrans Core API adapter of the PaymentGateway port. Only the server side holds the server key. */
export class MidtransGateway implements PaymentGateway {
  private readonly base: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: MidtransOptions) {
    if (!options.serverKey) throw new Error('Midtrans server key is empty');
    this.base = options.production ? MIDTRANS_BASE_URL.production : MIDTRANS_BASE_URL.sandbox;
    this.fetch = options.fetch ?? fetch;
  }

  private headers(): Record<string, string> {
    return {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${this.options.serverKey}:`).toString('base64')}`,
      ...(this.options.notificationUrl ? { 'x-override-notification': this.options.notificationUrl } : {}),
    };
  }

  /** `path` on the Core API's host, or a whole URL (Snap has its own host). */
  private async call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await this.fetch(path.startsWith('https://') ? path : this.base + path, {
        method: init.method,
        headers: this.headers(),
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new GatewayUnavailable(`Midtrans could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      throw new GatewayUnavailable(`Midtrans answered ${response.status} with a body that is not JSON`);
    }
    return { status: response.status, body };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.method === 'card') {
      const { status, body } = await this.call(this.options.production ? MIDTRANS_SNAP_URL.production : MIDTRANS_SNAP_URL.sandbox, { method: 'POST', body: snapBody(request) });
      return parseSnapResponse(status, body);
    }
    const body = chargeBody(request);
    const { status, body: answer } = await this.call('/v2/charge', { method: 'POST', body });
    return parseChargeResponse(status, answer, request.method);
  }

  async verifyNotification(body: unknown): Promise<PaymentNotification> {
    return verifyNotificationBody(body, this.options.serverKey);
  }

  async status(order: OrderRef): Promise<PaymentNotification | null> {
    const { status, body } = await this.call(`/v2/${encodeURIComponent(order.orderId)}/status`, { method: 'GET' });
    return parseStatusResponse(status, body);
  }

  async refund(request: RefundRequest): Promise<GatewayRefund> {
    const { status, body } = await this.call(`/v2/${encodeURIComponent(request.order.orderId)}/refund/online/direct`, { method: 'POST', body: refundBody(request) });
    try {
      return parseRefundResponse(status, body, request);
    } catch (error) {
      // Asked again after a lost answer, the key may be refused as used: the order's status lists the refund it made.
      if (!(error instanceof GatewayRejected)) throw error;
      const made = (await this.status(request.order))?.refunds.find((r) => r.key === request.key);
      if (made) return made;
      throw error;
    }
  }
}
