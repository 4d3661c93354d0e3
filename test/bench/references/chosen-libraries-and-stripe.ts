// The floor under a billing function (issue 25): the chosen libraries' floor and a Stripe client
// (stripe-node builds every API resource in its constructor; it has no smaller entry point), whose
// secret comes from Secrets Manager as billing/cloud.ts reads it.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { handler as floor } from './chosen-libraries-only.ts';

export const handler = async (event: Parameters<typeof floor>[0], context: Parameters<typeof floor>[1]) => {
  const secret = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: 'reference' }));
  const stripe = new Stripe(secret.SecretString ?? '');
  await stripe.customers.retrieve('cus_reference');
  return floor(event, context);
};
