import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { LocalCa } from '../local/adapters/local-ca';
import { formatMidtransTime, MIDTRANS_BASE_URL, MIDTRANS_SNAP_URL, signatureKey } from '@functions/wallet/adapters/midtrans/protocol';
import { qrisPayload } from '@functions/wallet/adapters/sandbox-gateway/qris';
import { readRequest, writeResponse, type AwsRequest, type AwsResponse } from '../local/aws/http';

interface Refund {
  refund_key: string;
  refund_amount: string;
  refund_chargeback_id: number;
  created_at: string;
  reason: string;
}

interface Transaction {
  orderId: string;
  amount: number;
  paymentType: string;
  transactionId: string;
  status: 'pending' | 'settlement' | 'partial_refund' | 'refund';
  refunds: Refund[];
  /** Refunds are refused, as Midtrans refuses those past the method's refund window. */
  refusesRefunds: boolean;
  createdAt: Date;
}

const money = (amount: number) => `${amount}.00`;
/** Midtrans answers with its own status_code in the body, and the same HTTP status. */
const answer = (body: Record<string, unknown>): AwsResponse => ({ status: Number(body.status_code), headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * The payment gateway of a live deployment, as the parity suite's functions reach it: a stand-in of Midtrans' Core API
 * (docs.midtrans.com, as functions/wallet/adapters/midtrans/protocol.ts speaks it: `POST /v2/charge` for QRIS and GoPay,
 * Snap's `POST /snap/v1/transactions` for a card on the hosted page,
 * `GET /v2/{order_id}/status` with the refunds made, `POST /v2/{order_id}/refund/online/direct` once per refund key),
 * served over HTTPS from the run's CA. Only the server key the scenario put into the payment secret is accepted. The
 * drivers play the rest of the world: the payer who scans the QR code (`pay`) and Midtrans' signed HTTP notification
 * (`notification`). Functions reach it in place of Midtrans' API and Snap hosts, production's and sandbox's (lambda-runtime.mjs).
 */
export class LocalMidtrans {
  readonly serverKey = `SB-Mid-server-parity-${randomUUID()}`;
  private readonly transactions = new Map<string, Transaction>();

  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(ca: LocalCa): Promise<LocalMidtrans> {
    const tls = await ca.issueServer({ dns: ['localhost'], ip: ['127.0.0.1'] });
    let midtrans: LocalMidtrans | undefined;
    const server = createServer({ key: tls.privateKeyPem, cert: tls.certificatePem }, (req, res) => {
      readRequest(req)
        .then((request) => writeResponse(res, midtrans!.handle(request)))
        .catch(() => res.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    midtrans = new LocalMidtrans(server, `https://127.0.0.1:${(server.address() as { port: number }).port}`);
    return midtrans;
  }

  /** Where the functions' calls to Midtrans go instead: its two API hosts and its two Snap hosts, this stand-in. */
  get replaces(): Record<string, string> {
    const origins = [...Object.values(MIDTRANS_BASE_URL), ...Object.values(MIDTRANS_SNAP_URL).map((url) => new URL(url).origin)];
    return Object.fromEntries(origins.map((origin) => [origin, this.url]));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  /** The payer scans the QR code (or confirms in GoPay): the charge settles. */
  pay(orderId: string): void {
    const transaction = this.transaction(orderId);
    if (transaction.status !== 'pending') throw new Error(`Midtrans: ${orderId} is ${transaction.status}, not pending`);
    transaction.status = 'settlement';
  }

  /** Refunds of this order are refused from now on (its method's refund window has passed). */
  refuseRefunds(orderId: string): void {
    this.transaction(orderId).refusesRefunds = true;
  }

  /** The HTTP notification Midtrans posts about the order's current status, signed with the server key. */
  notification(orderId: string): Record<string, unknown> {
    const transaction = this.transaction(orderId);
    const body = this.statusBody(transaction);
    return { ...body, status_message: 'midtrans payment notification', signature_key: signatureKey(orderId, String(body.status_code), money(transaction.amount), this.serverKey) };
  }

  /** Whether the gateway was asked to charge this order. */
  charged(orderId: string): boolean {
    return this.transactions.has(orderId);
  }

  private transaction(orderId: string): Transaction {
    const transaction = this.transactions.get(orderId);
    if (!transaction) throw new Error(`Midtrans was never asked to charge ${orderId}`);
    return transaction;
  }

  private handle(request: AwsRequest): AwsResponse {
    if (request.headers.authorization !== `Basic ${Buffer.from(`${this.serverKey}:`).toString('base64')}`) {
      return answer({ status_code: '401', status_message: 'Access denied due to unauthorized transaction, please check client or server key' });
    }
    const path = request.path.split('?')[0]!;
    if (request.method === 'POST' && path === '/v2/charge') return this.charge(JSON.parse(request.body.toString('utf8')) as ChargeBody);
    if (request.method === 'POST' && path === new URL(MIDTRANS_SNAP_URL.sandbox).pathname) return this.snap(JSON.parse(request.body.toString('utf8')) as SnapBody);
    const status = /^\/v2\/([^/]+)\/status$/.exec(path);
    if (request.method === 'GET' && status) {
      const transaction = this.transactions.get(decodeURIComponent(status[1]!));
      return answer(transaction ? this.statusBody(transaction) : { status_code: '404', status_message: "Transaction doesn't exist." });
    }
    const refund = /^\/v2\/([^/]+)\/refund\/online\/direct$/.exec(path);
    if (request.method === 'POST' && refund) return this.refund(decodeURIComponent(refund[1]!), JSON.parse(request.body.toString('utf8')) as { refund_key: string; amount: number; reason?: string });
    return answer({ status_code: '404', status_message: `No such Core API call: ${request.method} ${path}` });
  }

  private charge(body: ChargeBody): AwsResponse {
    const orderId = body.transaction_details.order_id;
    const amount = body.transaction_details.gross_amount;
    if (this.transactions.has(orderId)) return answer({ status_code: '406', status_message: 'The request could not be processed due to duplicate order ID' });
    if (body.payment_type !== 'qris' && body.payment_type !== 'gopay') return answer({ status_code: '402', status_message: `Payment type ${body.payment_type} is not activated` });
    const transaction: Transaction = { orderId, amount, paymentType: body.payment_type, transactionId: randomUUID(), status: 'pending', refunds: [], refusesRefunds: false, createdAt: new Date() };
    this.transactions.set(orderId, transaction);
    const qrCode = `${MIDTRANS_BASE_URL.sandbox}/v2/qris/${transaction.transactionId}/qr-code`;
    return answer({
      ...this.statusBody(transaction),
      status_code: '201',
      status_message: `${body.payment_type === 'qris' ? 'QRIS' : 'GoPay'} transaction is created`,
      actions: body.payment_type === 'gopay'
        ? [{ name: 'generate-qr-code', method: 'GET', url: qrCode }, { name: 'deeplink-redirect', method: 'GET', url: `gojek://gopay/merchanttransfer?tref=${transaction.transactionId}` }]
        : [{ name: 'generate-qr-code', method: 'GET', url: qrCode }],
      ...(body.payment_type === 'qris' ? { qr_string: qrisPayload({ amount, reference: orderId }), acquirer: 'gopay' } : {}),
      expiry_time: formatMidtransTime(new Date(transaction.createdAt.getTime() + 15 * 60_000)),
    });
  }

  /** A Snap transaction: the card is paid on the hosted page (`pay`, as the payer there); 201 with the page's address. */
  private snap(body: SnapBody): AwsResponse {
    const orderId = body.transaction_details.order_id;
    const json = (status: number, payload: Record<string, unknown>): AwsResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    if (this.transactions.has(orderId)) return json(400, { error_messages: ['transaction_details.order_id has already been taken'] });
    if (body.enabled_payments?.join() !== 'credit_card' || body.credit_card?.secure !== true) return json(400, { error_messages: ['parity: expected a 3-D Secure card transaction'] });
    const token = randomUUID();
    this.transactions.set(orderId, { orderId, amount: body.transaction_details.gross_amount, paymentType: 'credit_card', transactionId: randomUUID(), status: 'pending', refunds: [], refusesRefunds: false, createdAt: new Date() });
    return json(201, { token, redirect_url: `${new URL(MIDTRANS_SNAP_URL.sandbox).origin}/snap/v4/redirection/${token}` });
  }

  private refund(orderId: string, body: { refund_key: string; amount: number; reason?: string }): AwsResponse {
    const transaction = this.transactions.get(orderId);
    if (!transaction) return answer({ status_code: '404', status_message: "Transaction doesn't exist." });
    if (transaction.refunds.some((r) => r.refund_key === body.refund_key)) return answer({ status_code: '406', status_message: 'Duplicate refund_key' });
    if (transaction.refusesRefunds) return answer({ status_code: '412', status_message: 'Refund is not allowed past the refund window of this payment method' });
    const refunded = transaction.refunds.reduce((sum, r) => sum + Number.parseFloat(r.refund_amount), 0);
    if (transaction.status === 'pending' || transaction.status === 'refund') return answer({ status_code: '412', status_message: `Transaction status ${transaction.status} cannot be refunded` });
    if (refunded + body.amount > transaction.amount) return answer({ status_code: '412', status_message: 'Refund amount is more than what is left of the transaction' });
    const made: Refund = { refund_key: body.refund_key, refund_amount: money(body.amount), refund_chargeback_id: transaction.refunds.length + 1, created_at: formatMidtransTime(new Date()), reason: body.reason ?? '' };
    transaction.refunds.push(made);
    transaction.status = refunded + body.amount >= transaction.amount ? 'refund' : 'partial_refund';
    return answer({ ...this.statusBody(transaction), status_code: '200', status_message: 'Success, refund request is approved', refund_chargeback_id: made.refund_chargeback_id, refund_amount: made.refund_amount, refund_key: made.refund_key });
  }

  /** The Get Status answer: what the transaction is now, with every refund made. */
  private statusBody(t: Transaction): Record<string, unknown> {
    return {
      status_code: t.status === 'pending' ? '201' : '200',
      status_message: 'Success, transaction is found',
      transaction_id: t.transactionId,
      order_id: t.orderId,
      merchant_id: 'G-PARITY',
      gross_amount: money(t.amount),
      currency: 'IDR',
      payment_type: t.paymentType,
      transaction_time: formatMidtransTime(t.createdAt),
      transaction_status: t.status,
      fraud_status: 'accept',
      ...(t.refunds.length ? { refund_amount: t.refunds.at(-1)!.refund_amount, refunds: t.refunds } : {}),
    };
  }
}

interface ChargeBody {
  payment_type: string;
  transaction_details: { order_id: string; gross_amount: number };
}

interface SnapBody {
  transaction_details: { order_id: string; gross_amount: number };
  enabled_payments?: string[];
  credit_card?: { secure?: boolean };
}
