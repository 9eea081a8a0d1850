import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as z from 'zod/mini';
import {
  sandboxControl,
  type HostedPayment,
  type MadeRefund,
  type RefundFault,
  type RefundFaults,
} from '@functions/wallet/adapters/sandbox-gateway/control';
import { SandboxGateway } from '@functions/wallet/adapters/sandbox-gateway/gateway';
import type { OrderRef, PaymentNotification } from '@functions/wallet/ports/payment-gateway';
import { languageOf, type Language } from '@shared/language';
import { formatRupiah } from '@shared/money';
import { PaymentMethod } from '@shared/schemas/transaction';

/**
 * The local sandbox gateway's control over HTTP (docs/local-cloud.md): another process (a test worker, the money
 * simulation) makes the handlers' sandbox answer refunds with 503s, lost answers and slow ones, holds a payer back
 * and lets it pay, and reads the sandbox's own books (an order's status as its status API answers, every refund it
 * made). Local only: the stack starts it when the payments are the sandbox's.
 *
 *   PUT  /refund-faults            { unavailable?, timeout?, slow?, timeoutMs?, slowMs? } -> { faults, injected }
 *   GET  /refund-faults            -> { faults, injected }
 *   POST /orders/{id}/refund-faults { faults: ['unavailable' | 'timeout' | 'slow', ...] }: the order's next refund requests meet these
 *   POST /orders/{id}/pay-later    the payer of this order (not charged yet) pays only when told
 *   POST /orders/{id}/pay          the payer pays now
 *   POST /orders/{id}/status       { amount, method, createdAt } -> the status API's report (null: unknown)
 *   GET  /refunds                  -> every refund the sandbox made, oldest first
 *
 * And the hosted card page, the sandbox's Midtrans Snap (docs/payments.md, "Paying as a foreigner"): a card charge
 * answers its address, where the tester "pays by card"; the payment's notifications then go out, and the page sends
 * the browser back to the order's return URL.
 *   GET  /pay/{id}                 the page, in the payer's language: the amount, "Pay by card", "Cancel"
 *   POST /pay/{id}                 the payer pays; 303 to the return URL
 */

const share = () => z.optional(z.number().check(z.gte(0), z.lte(1)));
const milliseconds = () => z.optional(z.number().check(z.int(), z.gte(0), z.lte(30_000)));
const FaultsBody = z.object({ unavailable: share(), timeout: share(), slow: share(), timeoutMs: milliseconds(), slowMs: milliseconds() });
const NextFaultsBody = z.object({ faults: z.array(z.enum(['unavailable', 'timeout', 'slow'])).check(z.maxLength(20)) });
const StatusBody = z.object({ amount: z.number().check(z.int(), z.positive()), method: PaymentMethod, createdAt: z.iso.datetime() });

interface FaultsAnswer {
  faults: RefundFaults;
  injected: Record<RefundFault, number>;
}

export interface SandboxControlServer {
  url: string;
  stop(): Promise<void>;
}

export async function startSandboxControl(options: { serverKey: string; port: number }): Promise<SandboxControlServer> {
  // The status API answers from the control's books, so this sandbox answers as the handlers' one does.
  const gateway = new SandboxGateway({ serverKey: options.serverKey, control: sandboxControl });
  const faults = (): FaultsAnswer => ({ faults: sandboxControl.refundFaults, injected: { ...sandboxControl.injected } });
  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => send(res, 500, { message: (error as Error).message }));
  });
  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const order = /^\/orders\/([^/]+)\/(pay-later|pay|status|refund-faults)$/.exec(url.pathname);
    const hosted = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (hosted) return hostedPage(req, res, decodeURIComponent(hosted[1]!));
    if (url.pathname === '/refund-faults' && req.method === 'GET') return send(res, 200, faults());
    if (url.pathname === '/refund-faults' && req.method === 'PUT') {
      const body = FaultsBody.safeParse(await readJson(req));
      if (!body.success) return send(res, 400, { message: z.prettifyError(body.error) });
      sandboxControl.setRefundFaults(Object.fromEntries(Object.entries(body.data).filter(([, v]) => v !== undefined)));
      return send(res, 200, faults());
    }
    if (url.pathname === '/refunds' && req.method === 'GET') return send(res, 200, sandboxControl.allRefunds());
    if (order && req.method === 'POST') {
      const [, encoded, action] = order;
      const orderId = decodeURIComponent(encoded!);
      if (action === 'pay-later') sandboxControl.payLater(orderId);
      else if (action === 'pay') sandboxControl.pay(orderId);
      else if (action === 'refund-faults') {
        const body = NextFaultsBody.safeParse(await readJson(req));
        if (!body.success) return send(res, 400, { message: z.prettifyError(body.error) });
        sandboxControl.failNextRefunds(orderId, body.data.faults);
      } else {
        const body = StatusBody.safeParse(await readJson(req));
        if (!body.success) return send(res, 400, { message: z.prettifyError(body.error) });
        return send(res, 200, await gateway.status({ orderId, ...body.data }));
      }
      return send(res, 204, null);
    }
    return send(res, 404, { message: 'Not Found' });
  }
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${options.port}`;
  sandboxControl.paymentPageUrl = url;
  return {
    url,
    stop: () => new Promise((resolve) => {
      sandboxControl.paymentPageUrl = null;
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The hosted card page of an order (GET), and its payment (POST): the payer pays, and goes back to the order's page. */
function hostedPage(req: IncomingMessage, res: ServerResponse, orderId: string) {
  const payment = sandboxControl.hostedPaymentOf(orderId);
  if (!payment) return send(res, 404, { message: 'No card payment is open for this order' });
  const language = hostedPageLanguage(payment, req.headers['accept-language']);
  if (req.method === 'POST') {
    sandboxControl.pay(orderId);
    if (!payment.returnUrl) return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(HOSTED_PAGE_TEXTS[language].paid);
    return void res.writeHead(303, { location: payment.returnUrl }).end();
  }
  if (req.method !== 'GET') return send(res, 405, { message: 'Method Not Allowed' });
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-language': language });
  res.end(hostedPageHtml(orderId, payment, language));
}

const HOSTED_PAGE_TEXTS = {
  en: {
    title: 'Sandbox card payment',
    order: (orderId: string, amount: string) => `Order ${orderId}: <strong>${amount}</strong>. No card is asked for: this page stands in for the gateway's.`,
    pay: (amount: string) => `Pay ${amount} by card`,
    back: 'Cancel and go back',
    paid: 'Paid. You can close this page.',
  },
  id: {
    title: 'Pembayaran kartu sandbox',
    order: (orderId: string, amount: string) => `Pesanan ${orderId}: <strong>${amount}</strong>. Tidak perlu kartu: halaman ini menggantikan halaman gateway pembayaran.`,
    pay: (amount: string) => `Bayar ${amount} dengan kartu`,
    back: 'Batal dan kembali',
    paid: 'Sudah dibayar. Anda bisa menutup halaman ini.',
  },
} satisfies Record<Language, unknown>;

/** The payer's language when the order said it (the app's or the station page's choice), else the opening browser's. */
export const hostedPageLanguage = (payment: HostedPayment, acceptLanguage: string | undefined): Language => payment.language ?? languageOf(acceptLanguage);

/** The page: the amount, "Pay by card", and "Cancel and go back" when the order has a page to go back to. */
export function hostedPageHtml(orderId: string, payment: HostedPayment, language: Language): string {
  const t = HOSTED_PAGE_TEXTS[language];
  const amount = formatRupiah(payment.amount);
  const back = payment.returnUrl ? `<p><a href="${escapeHtml(payment.returnUrl)}">${t.back}</a></p>` : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title></head><body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<h1>${t.title}</h1><p>${t.order(escapeHtml(orderId), amount)}</p>
<form method="post"><button type="submit" style="min-height: 44px; width: 100%">${t.pay(amount)}</button></form>${back}</body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, payload: unknown) {
  if (status === 204) return void res.writeHead(204).end();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(payload));
}

/** The control as another process calls it. */
export function sandboxControlClient(url: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(url + path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox control ${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const orderPath = (orderId: string, action: string) => `/orders/${encodeURIComponent(orderId)}/${action}`;
  return {
    setRefundFaults: async (faults: Partial<RefundFaults>) => (await call('PUT', '/refund-faults', faults)) as FaultsAnswer,
    refundFaults: async () => (await call('GET', '/refund-faults')) as FaultsAnswer,
    payLater: async (orderId: string) => void (await call('POST', orderPath(orderId, 'pay-later'))),
    pay: async (orderId: string) => void (await call('POST', orderPath(orderId, 'pay'))),
    failNextRefunds: async (orderId: string, faults: RefundFault[]) => void (await call('POST', orderPath(orderId, 'refund-faults'), { faults })),
    status: async (order: OrderRef) => (await call('POST', orderPath(order.orderId, 'status'), { amount: order.amount, method: order.method, createdAt: order.createdAt })) as PaymentNotification | null,
    refunds: async () => (await call('GET', '/refunds')) as MadeRefund[],
  };
}
export type SandboxControlClient = ReturnType<typeof sandboxControlClient>;
