// One use of a Stripe client (stripe-node builds every API resource in its constructor; it has no
// smaller entry point), made at the first request as billing/cloud.ts makes it.
import Stripe from 'stripe';

let client: Stripe | undefined;

export async function use(): Promise<void> {
  client ??= new Stripe(process.env.STRIPE_SECRET ?? '');
  await client.customers.retrieve('cus_reference');
}
