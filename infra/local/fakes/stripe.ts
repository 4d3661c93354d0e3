/**
 * The local stand-in for Stripe (docs/decisions.md "Local stand-ins for third parties"): an HTTP server
 * that speaks Stripe's wire format for the calls the service makes — form-encoded requests with
 * bracketed keys, JSON objects with `object` and prefixed ids, Stripe's error bodies, and replay of
 * a request sent again with the same `Idempotency-Key` — and serves the pages Stripe would:
 * `GET /checkout/:id` completes the checkout (an active subscription), delivers a signed
 * `checkout.session.completed` webhook to the service (header `t=...,v1=HMAC-SHA256`, as Stripe
 * signs) and redirects to the session's success URL; `GET /portal/:id` is the customer portal.
 * State lives in memory: it is a stand-in for a session of use, not a store.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// biome-ignore lint/suspicious/noExplicitAny: Stripe's objects and form bodies as the stand-in reads and writes them, any member at any depth
type StripeObject = Record<string, any>;

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_local_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_local_fake';
/** The price ids of `npm start`'s plans (STRIPE_PRICE_*). */
export const FAKE_STRIPE_PRICES = {
  starter: 'price_local_starter',
  growth: 'price_local_growth',
  scale: 'price_local_scale',
} as const;

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const PERIOD_SECONDS = 30 * 24 * 60 * 60;

/** `a[b][0][c]=v` form fields as nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(body: string): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: StripeObject = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const name = Array.isArray(node) && part === '' ? node.length : part;
      if (last) node[name] = value;
      else node = node[name] ??= /^\d*$/.test(path[i + 1]!) ? [] : {};
    });
  }
  return root;
}

/** Stripe's signature header over a payload: `t=<seconds>,v1=<HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeObject,
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string) =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  });

export interface FakeStripeEvent {
  id: string;
  type: string;
  payload: string;
  status: number;
}

export class FakeStripe {
  readonly customers = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  /** Every webhook delivery made, oldest first. */
  readonly deliveries: FakeStripeEvent[] = [];
  private readonly replays = new Map<string, { status: number; body: StripeObject }>();
  /** Where `checkout.session.completed` is delivered: the service's webhook route (set once it listens). */
  webhookUrl: string | undefined;
  /** While set, every API call answers this Stripe error (an outage, as tests need it). */
  failing: { status: number; error: StripeObject } | undefined;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(port = 0): Promise<FakeStripe> {
    let fake: FakeStripe | undefined;
    const server = createServer((req, res) => void fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    fake = new FakeStripe(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  /** The variables that point the service's Stripe client at this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_API_URL: this.url,
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: FAKE_STRIPE_PRICES.starter,
      STRIPE_PRICE_GROWTH: FAKE_STRIPE_PRICES.growth,
      STRIPE_PRICE_SCALE: FAKE_STRIPE_PRICES.scale,
    };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Sends an event about `object` to the webhook, signed as Stripe signs it. */
  async deliver(
    type: string,
    object: StripeObject,
    options: { created?: number; id?: string } = {},
  ): Promise<FakeStripeEvent> {
    if (!this.webhookUrl) throw new Error('The fake Stripe has no webhook URL');
    const event = {
      id: options.id ?? newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: options.created ?? now(),
      livemode: false,
      type,
      data: { object },
    };
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignature(payload, FAKE_STRIPE_WEBHOOK_SECRET),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    const delivery = { id: event.id, type, payload, status: response.status };
    this.deliveries.push(delivery);
    return delivery;
  }

  /**
   * Completes a checkout as a customer paying would: an active subscription, the session complete
   * and paid. With `delayed` payment (a bank debit), Stripe completes the session unpaid with an
   * `incomplete` subscription, and settles it later (`settleDelayedPayment`).
   */
  completeCheckout(sessionId: string, options: { delayed?: boolean } = {}): StripeObject {
    const session = this.sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status === 'complete') return session;
    const created = now();
    const subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: options.delayed ? 'incomplete' : 'active',
      created,
      metadata: session.subscription_data?.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: session.price, object: 'price' },
            quantity: 1,
            current_period_start: created,
            current_period_end: created + PERIOD_SECONDS,
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: options.delayed ? 'unpaid' : 'paid',
      subscription: subscription.id,
    });
    return session;
  }

  /**
   * Settles a delayed payment of a completed checkout, as Stripe does days later: paid (the
   * subscription active) or failed (it expires unpaid). Answers the event type Stripe then sends.
   */
  settleDelayedPayment(sessionId: string, succeeded: boolean): { type: string; session: StripeObject } {
    const session = this.sessions.get(sessionId);
    if (!session?.subscription) throw missing('checkout.session', sessionId);
    this.subscriptions.get(session.subscription)!.status = succeeded ? 'active' : 'incomplete_expired';
    if (succeeded) session.payment_status = 'paid';
    return {
      type: `checkout.session.async_payment_${succeeded ? 'succeeded' : 'failed'}`,
      session: this.view(session),
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const body = await new Promise<string>((resolve) => {
      let text = '';
      req
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => resolve(text));
    });
    try {
      if (url.pathname.startsWith('/v1/')) return this.api(req, res, url, body);
      const [, page, id = ''] = url.pathname.split('/');
      if (req.method === 'GET' && page === 'checkout') {
        const session = this.completeCheckout(id);
        await this.deliver('checkout.session.completed', this.view(session));
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
        return;
      }
      if (req.method === 'GET' && page === 'portal' && this.portalSessions.has(id)) {
        const portal = this.portalSessions.get(id)!;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Customer portal (local fake)</title><h1>Customer portal</h1><p>${portal.flow ? 'Change your plan.' : 'Your subscription and invoices.'}</p><a href="${encodeURI(portal.return_url)}">Return</a>`,
        );
        return;
      }
      throw missing('page', url.pathname);
    } catch (error) {
      const { status, body: problem } =
        error instanceof StripeError ? error : { status: 500, body: { type: 'api_error', message: String(error) } };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: problem }));
    }
  }

  private api(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const send = (status: number, object: StripeObject) => {
      res
        .writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') })
        .end(JSON.stringify(status < 400 ? object : { error: object }));
    };
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
      send(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      return;
    }
    const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? this.replays.get(key) : undefined;
    if (replay) {
      res
        .writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' })
        .end(JSON.stringify(replay.body));
      return;
    }
    if (this.failing) {
      send(this.failing.status, this.failing.error);
      return;
    }
    let status = 200;
    let object: StripeObject;
    try {
      object = this.route(req.method ?? 'GET', url, parseStripeForm(req.method === 'GET' ? url.search.slice(1) : body));
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      object = error.body;
    }
    if (typeof key === 'string') this.replays.set(key, { status, body: status < 400 ? object : { error: object } });
    send(status, object);
  }

  private route(method: string, url: URL, params: StripeObject): StripeObject {
    // Stripe's paths, without its `/v1` (ours are listed in functions/routes.ts only).
    const call = `${method} ${url.pathname.replace(/^\/v1/, '')}`;
    if (call === 'POST /customers') return this.createCustomer(params);
    if (call === 'POST /checkout/sessions') return this.createSession(params);
    const session = /^GET \/checkout\/sessions\/([^/]+)$/.exec(call)?.[1];
    if (session !== undefined) {
      const found = this.sessions.get(session);
      if (!found) throw missing('checkout.session', session);
      return this.view(found, [params.expand].flat().includes('subscription'));
    }
    const subscription = /^(?:GET|DELETE) \/subscriptions\/([^/]+)$/.exec(call)?.[1];
    if (subscription !== undefined) {
      const found = this.subscriptions.get(subscription);
      if (!found) throw missing('subscription', subscription);
      // Cancels at once, as `subscriptions.cancel` does; a canceled one stays as it is.
      if (method === 'DELETE' && found.status !== 'canceled')
        Object.assign(found, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return found;
    }
    if (call === 'POST /billing_portal/sessions') {
      if (!this.customers.has(params.customer)) throw missing('customer', params.customer);
      const portal = {
        id: newId('bps'),
        object: 'billing_portal.session',
        created: now(),
        customer: params.customer,
        return_url: params.return_url,
        flow: params.flow_data ?? null,
        url: '',
      };
      portal.url = `${this.url}/portal/${portal.id}`;
      this.portalSessions.set(portal.id, portal);
      return portal;
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    });
  }

  createCustomer(params: StripeObject): StripeObject {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      created: now(),
      name: params.name ?? null,
      email: params.email ?? null,
      metadata: params.metadata ?? {},
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** A Checkout Session, as Stripe's create call makes it (params as the SDK sends them, parsed). */
  createSession(params: StripeObject): StripeObject {
    if (params.mode !== 'subscription')
      throw new StripeError(400, {
        type: 'invalid_request_error',
        param: 'mode',
        message: 'The local fake supports subscription mode only.',
      });
    if (!this.customers.has(params.customer)) throw missing('customer', params.customer);
    const price = params.line_items?.[0]?.price;
    if (!price)
      throw new StripeError(400, {
        type: 'invalid_request_error',
        param: 'line_items',
        message: 'Missing required param: line_items.',
      });
    const session = {
      id: newId('cs'),
      object: 'checkout.session',
      created: now(),
      expires_at: Number(params.expires_at ?? now() + 24 * 60 * 60),
      mode: 'subscription',
      customer: params.customer,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      subscription_data: params.subscription_data ?? {},
      price,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      url: '',
    };
    session.url = `${this.url}/checkout/${session.id}`;
    this.sessions.set(session.id, session);
    return this.view(session);
  }

  /** A session as Stripe shows it (without the fake's bookkeeping), its subscription expanded on request. */
  private view(session: StripeObject, expandSubscription = false): StripeObject {
    const { subscription_data: _d, price: _p, ...shown } = session;
    return {
      ...shown,
      subscription:
        expandSubscription && session.subscription
          ? this.subscriptions.get(session.subscription)
          : session.subscription,
    };
  }
}
