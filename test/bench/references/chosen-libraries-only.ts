// The floor under every route function (the cold-start targets, test/bench/RESULTS.md): what docs/design.md's libraries load for one
// authenticated JSON route, and none of our code: the DynamoDB document client and a command,
// middy with its JSON body parser, a zod/mini input schema, and aws-jwt-verify's Cognito verifier (and
// its RSA one, for another issuer). The EMF metrics every function writes are our code
// (shared/support/emf.ts), so they are not here.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';
import jsonBodyParser from '@middy/http-json-body-parser';
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import * as z from 'zod/mini';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
const input = z.strictObject({ id: z.uuid(), name: z.optional(z.string().check(z.maxLength(200))) });
// Made at the first request, as our verifier is (shared/auth/verifier.ts).
let verify: ((token: string) => Promise<{ sub?: unknown }>) | undefined;
const verifier = () =>
  process.env.JWT_ISSUER
    ? JwtRsaVerifier.create({
        issuer: process.env.JWT_ISSUER,
        audience: 'reference',
        jwksUri: `${process.env.JWT_ISSUER}/jwks.json`,
      })
    : CognitoJwtVerifier.create({ userPoolId: 'us-east-1_reference', tokenUse: 'access', clientId: 'reference' });

export const handler = middy(async (event: { headers: Record<string, string>; body: unknown }) => {
  verify ??= (
    (made) => (token: string) =>
      made.verify(token)
  )(verifier());
  const v = verify;
  const payload = await v(event.headers.authorization ?? '');
  const { id } = input.parse(event.body);
  const out = await client.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: id, sk: String(payload.sub) } }),
  );
  return { statusCode: 200, body: JSON.stringify(out.Item ?? null) };
}).use(jsonBodyParser());
