/**
 * The whole service on this machine: DynamoDB Local, the S3 emulator, the local token issuer, the
 * email outbox, webhook fan-out and delivery (to 127.0.0.1 only), and an HTTP server that hands each request to the same handler module Lambda runs.
 * `start.ts` is the command line; tests start it in-process.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { randomUUID } from 'node:crypto';
import { MAX_TOKEN_LIFETIME_SECONDS, resetVerifier, verifyToken } from '../../shared/auth/verifier.ts';
import { resetClients } from '../../shared/db/table/client.ts';
import { listOutbox } from '../../shared/db/email/index.ts';
import { transact } from '../../shared/db/table/transact.ts';
import { PARTITION_KEY, SORT_KEY } from '../../shared/db/table/table-definition.ts';
import { getUser } from '../../shared/db/tenancy/index.ts';
import { logger } from '../../shared/support/logger.ts';
import { invalidInput, Problem } from '../../shared/http/problem.ts';
import { problemResponse, toProblem } from '../../shared/http/middleware/problem-responses.ts';
import { parseInput } from '../../shared/http/middleware/validate.ts';
import { useBilling } from '../../shared/integrations/billing/index.ts';
import { useStorageUrls } from '../../shared/integrations/storage-urls/index.ts';
import { useStorageWrites } from '../../shared/integrations/storage-writes/index.ts';
import { sweepCampaignStatuses } from '../../shared/db/campaigns/index.ts';
import { deleteReleasedObjects } from '../../shared/db/storage/index.ts';
import { localJob } from './background.ts';
import { usePlatforms } from '../../shared/integrations/platforms/index.ts';
import { useTokenSealer } from '../../shared/integrations/token-sealer/index.ts';
import { Email, intInput, Uuid } from '../../shared/schemas/common.ts';
import { apiReferenceResponse } from '../../functions/service/api-reference.ts';
import { dispatch, type HandlerLoader, loadSource, ResponseContractError, warmHandlers } from './dispatch.ts';
import { type LocalStandIns, localEnvironment, oauthRedirectUri } from './stand-ins.ts';
import { FakeGoogleAnalytics, FAKE_PROPERTIES } from './fakes/google-analytics.ts';
import { FakeEcb } from './fakes/ecb.ts';
import { importEcbRates } from '../../shared/db/rates/index.ts';
import { FakeStripe } from './fakes/stripe.ts';
import { importAllConnected } from '../../functions/jobs/analytics-import/import.ts';
import { FakePlatforms } from './fakes/platforms.ts';
import { connectedInstagramPosts } from './fakes/instagram-posts.ts';
import { ensureTable, LOCAL_CREDENTIALS, startDynamoLocal } from './dynamodb.ts';
import { LocalIssuer } from './issuer.ts';
import { startLocalMetricRefresh } from './metric-refresh.ts';
import { startLocalFirstImports } from './first-import.ts';
import { startLocalExports } from './exports.ts';
import { fanOutWebhookEvents, startLocalWebhooks } from './webhooks.ts';
import { startTableStream, type TableStream } from './table-stream.ts';
import { startS3Local } from './s3.ts';
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from '../../shared/http/cors.ts';

export interface LocalServiceOptions {
  /** HTTP port; 0 picks a free one. */
  port: number;
  /** Where data persists across restarts; undefined keeps everything in memory. */
  dataDir?: string;
  /** Use an already running DynamoDB Local instead of starting one (tests). */
  dynamoEndpoint?: string;
  tableName?: string;
  /** Use this issuer instead of the persistent local one (tests). */
  issuer?: LocalIssuer;
  /** Load every handler module before answering (`npm start`), so no first request waits for it. */
  warm?: boolean;
  /** Run the metric refresh on this interval (`npm start`); without it, only `POST /local/jobs/refresh-metrics` runs one. */
  metricRefreshEveryMs?: number;
  /** Run the campaign status sweep on this interval (`npm start`); without it, only `POST /local/jobs/sweep-campaign-status` runs one. */
  campaignStatusSweepEveryMs?: number;
  /** Run the object sweep on this interval (`npm start`); without it, only `POST /local/jobs/delete-released-objects` runs one. */
  releasedObjectsSweepEveryMs?: number;
  /** The analytics token sealer's key file without a `dataDir` (in memory otherwise): processes that share it open each other's tokens. */
  tokenKeyFile?: string;
  /**
   * How the API's handlers are loaded, given the stand-ins once the server listens; default: the
   * source modules under `functions/` (test/bundles serves the built bundles instead).
   */
  loader?: (standIns: LocalStandIns) => HandlerLoader;
}

export interface LocalService {
  url: string;
  issuer: LocalIssuer;
  /** The local stand-in for Stripe, which the service's Stripe client calls. */
  stripe: FakeStripe;
  /** The local stand-ins for YouTube, Reddit, X and Instagram, which the metric refresh reads. */
  platforms: FakePlatforms;
  /** The local stand-in for Google Analytics (OAuth, Admin and Data APIs). */
  googleAnalytics: FakeGoogleAnalytics;
  /** What the cloud's resources are here (table, buckets, fakes' settings), for a loader that builds each function's environment. */
  standIns: LocalStandIns;
  stop(): Promise<void>;
}

/** API Gateway HTTP APIs accept at most 10 MB; handlers enforce their own 1 MiB limit. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

const TokenRequest = z.strictObject({
  userId: Uuid,
  email: z.optional(Email),
  name: z.optional(z.string().check(z.maxLength(255))),
  agent: z.optional(z.boolean()),
  // A short-lived token lets a client see what expiry does; tokens live at most 24 hours anyway.
  expiresInSeconds: z.optional(intInput(1, MAX_TOKEN_LIFETIME_SECONDS)),
});

/** With an activity, that one is read at once; without, a refresh runs as the schedule runs it. */
const RefreshRequest = z.strictObject({ activityId: z.optional(Uuid) });

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        reject(new Problem('payload_too_large', `The request body exceeds ${MAX_REQUEST_BYTES} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Like the deployed API's CORS configuration: a web client on another origin may call the API. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
  'access-control-allow-headers': CORS_ALLOW_HEADERS.join(','),
  'access-control-expose-headers': CORS_EXPOSE_HEADERS.join(','),
  'access-control-max-age': '600',
};

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': contentType });
  res.end(JSON.stringify(body));
}

function parseJson(body: Buffer): unknown {
  try {
    return body.length ? JSON.parse(body.toString('utf8')) : {};
  } catch {
    throw invalidInput('The request body is not valid JSON.');
  }
}

/**
 * Starts the emulators, the token issuer and (with `warm`) the handler modules all at once: on a
 * loaded machine each takes from seconds to minutes. If one fails, those that started are stopped.
 */
async function startParts(options: LocalServiceOptions) {
  const inDataDir = (name: string) => (options.dataDir === undefined ? undefined : join(options.dataDir, name));
  const [issuer, dynamo, s3, warmed] = await Promise.allSettled([
    options.issuer ?? LocalIssuer.load(inDataDir('issuer-key.pem')),
    options.dynamoEndpoint ? undefined : startDynamoLocal({ dataDir: inDataDir('dynamodb') }),
    startS3Local({ buckets: ['avatars', 'files', 'exports'], dataDir: inDataDir('s3') }),
    options.warm ? warmHandlers() : undefined,
  ]);
  const started = [dynamo, s3].flatMap((part) => (part.status === 'fulfilled' && part.value ? [part.value] : []));
  if (
    issuer.status === 'fulfilled' &&
    dynamo.status === 'fulfilled' &&
    s3.status === 'fulfilled' &&
    warmed.status === 'fulfilled'
  ) {
    return {
      issuer: issuer.value,
      dynamoEndpoint: options.dynamoEndpoint ?? dynamo.value!.endpoint,
      s3: s3.value,
      started,
    };
  }
  await Promise.all(started.map((part) => part.stop()));
  throw [issuer, dynamo, s3, warmed].find((part) => part.status === 'rejected')!.reason;
}

/**
 * The first request would also pay for the verifier's setup, the SDK client's first call and
 * DynamoDB Local's first read and transaction (seconds on a loaded machine): pay them at start.
 * Nothing is written: the transaction is a single condition check.
 */
async function warmFirstUse(issuer: LocalIssuer, tableName: string): Promise<void> {
  const userId = randomUUID();
  const Key = { [PARTITION_KEY]: `warm#${userId}`, [SORT_KEY]: 'warm' };
  const check = {
    ConditionCheck: { TableName: tableName, Key, ConditionExpression: `attribute_not_exists(${PARTITION_KEY})` },
  };
  await Promise.all([verifyToken(issuer.mint({ userId })), getUser(userId), transact([check])]);
}

export async function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  const parts = await startParts(options);
  const { issuer, dynamoEndpoint, s3 } = parts;
  const stripe = await FakeStripe.start();
  const platforms = await FakePlatforms.start({ instagramPostsOf: connectedInstagramPosts });
  const googleAnalytics = await FakeGoogleAnalytics.start();
  const ecb = await FakeEcb.start();
  const started: { stop(): Promise<void> }[] = [...parts.started, stripe, platforms, googleAnalytics, ecb];
  const tableName = options.tableName ?? 'creator-measurement-local';
  try {
    await ensureTable(dynamoEndpoint, tableName, { stream: true });
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }

  // The analytics token sealer's key: in the data directory, so a connected property still opens
  // its token after a restart; in memory (per process) otherwise.
  const tokenKeyFile = options.dataDir === undefined ? options.tokenKeyFile : join(options.dataDir, 'token-sealer-key');
  const standIns: LocalStandIns = {
    runtime: {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: s3.endpoint,
      // Webhook deliveries go to 127.0.0.1 and nowhere else here (shared/webhooks/destination.ts).
      WEBHOOK_LOCAL_DELIVERY: '127.0.0.1',
    },
    tableName,
    buckets: { avatars: 'avatars', files: 'files', exports: 'exports' },
    issuer: issuer.verifierEnv(),
    stripe: stripe.env(),
    platforms: platforms.env(),
    googleAnalytics: googleAnalytics.env(),
    // Where Checkout sends the owner back; there is no local web client, so any page of one's choosing.
    webClientUrl: process.env.WEB_CLIENT_URL || 'http://localhost:5173',
    ...(tokenKeyFile ? { tokenKeyFile } : {}),
    apiUrl: '',
  };
  // The handlers read their configuration from the environment, as in Lambda.
  Object.assign(process.env, localEnvironment(standIns));
  if (tokenKeyFile) process.env.LOCAL_TOKEN_KEY_FILE = tokenKeyFile;
  else delete process.env.LOCAL_TOKEN_KEY_FILE;
  useTokenSealer(undefined);
  resetClients();
  useStorageUrls(undefined);
  useStorageWrites(undefined);
  useBilling(undefined);
  usePlatforms(undefined);
  resetVerifier();
  if (options.warm) await warmFirstUse(issuer, tableName);
  // The ECB's rates as the stand-in serves them, stored by the cloud's own import through the
  // cloud's client (docs/decisions.md "Money and metrics"): cost writes read them from the table.
  process.env.ECB_RATES_URL = ecb.url;
  await importEcbRates();
  const metricRefresh = startLocalMetricRefresh(options.metricRefreshEveryMs);
  const firstImports = startLocalFirstImports();
  // The cloud's hourly campaign status sweep (functions/jobs/sweep-campaign-status.ts) and 5-minute
  // object sweep (functions/jobs/delete-released-objects.ts), on this machine's intervals and at once
  // by POST /local/jobs/sweep-campaign-status ({due, announced}) and /local/jobs/delete-released-objects ({deleted, failed}).
  const statusSweep = localJob('campaign status sweep', sweepCampaignStatuses, options.campaignStatusSweepEveryMs);
  const objectSweep = localJob('object sweep', deleteReleasedObjects, options.releasedObjectsSweepEveryMs);
  const exports = startLocalExports();
  const webhooks = startLocalWebhooks();
  // The cloud's consumer of tenant items: the webhook fan-out, which also queues readings due at once.
  let stream: TableStream;
  try {
    stream = await startTableStream(dynamoEndpoint, tableName, fanOutWebhookEvents);
  } catch (error) {
    await webhooks.stop();
    metricRefresh.stop();
    statusSweep.stop();
    objectSweep.stop();
    await exports.stop();
    await firstImports.stop();
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }

  // Replaced by options.loader's once the server listens (it needs the server's own URL).
  let load: HandlerLoader = loadSource;
  const server = createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    try {
      const body = await readBody(req);
      if (method === 'OPTIONS') {
        // CORS preflight, answered before authentication as API Gateway does.
        res.writeHead(204, CORS_HEADERS);
        res.end();
      } else if (method === 'POST' && path === '/local/token') {
        const { expiresInSeconds, ...claims } = parseInput(TokenRequest, parseJson(body));
        sendJson(res, 200, { accessToken: issuer.mint({ ...claims, expiresIn: expiresInSeconds }) });
      } else if (method === 'POST' && path === '/local/jobs/refresh-metrics') {
        const { activityId } = parseInput(RefreshRequest, parseJson(body));
        sendJson(res, 200, await (activityId ? metricRefresh.readActivity(activityId) : metricRefresh.runOnce()));
      } else if (method === 'POST' && path === '/local/jobs/sweep-campaign-status') {
        sendJson(res, 200, await statusSweep.runOnce());
      } else if (method === 'POST' && path === '/local/jobs/delete-released-objects') {
        sendJson(res, 200, await objectSweep.runOnce());
      } else if (method === 'POST' && path === '/local/jobs/import-analytics') {
        sendJson(res, 200, await importAllConnected({ force: true }));
      } else if (method === 'GET' && path === '/local/analytics/properties') {
        sendJson(res, 200, { items: FAKE_PROPERTIES });
      } else if (method === 'GET' && path === '/local/outbox') {
        sendJson(res, 200, { items: (await listOutbox()).map(({ id: _id, ...email }) => email) });
      } else {
        // The service's own public routes (no token) first, as API Gateway routes them to their own function.
        const response =
          apiReferenceResponse(method, path ?? '/') ??
          (await dispatch({ method, url, headers: req.headers, body, sourceIp: req.socket.remoteAddress }, load));
        res.writeHead(response.statusCode, { ...CORS_HEADERS, ...(response.headers as Record<string, string>) });
        res.end(response.isBase64Encoded ? Buffer.from(response.body ?? '', 'base64') : (response.body ?? ''));
      }
    } catch (error) {
      // Only the local-only routes and a failing handler import get here; handlers answer their own errors.
      // Under test, an answer openapi.json does not describe: the test sees why (dispatch.ts).
      const problem =
        error instanceof ResponseContractError ? new Problem('internal', error.message) : toProblem(error);
      if (problem.code === 'internal') logger.error('local server error', { path, error: String(error) });
      const response = problemResponse(problem, 'local');
      sendJson(res, response.statusCode!, JSON.parse(response.body!), 'application/problem+json');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // As Stripe is configured with the deployed webhook endpoint.
  stripe.webhookUrl = `http://127.0.0.1:${port}/v1/billing/stripe/webhook`;
  standIns.apiUrl = `http://127.0.0.1:${port}`;
  // As registered with Google as the OAuth client's redirect URI.
  process.env.ANALYTICS_OAUTH_REDIRECT_URI = oauthRedirectUri(standIns.apiUrl);
  // Report links' urls start with the local API's.
  process.env.API_URL = standIns.apiUrl;
  if (options.loader) load = options.loader(standIns);

  return {
    url: `http://127.0.0.1:${port}`,
    issuer,
    stripe,
    platforms,
    googleAnalytics,
    standIns,
    stop: async () => {
      metricRefresh.stop();
      statusSweep.stop();
      objectSweep.stop();
      await stream.stop();
      await webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await firstImports.stop();
      await exports.stop();
      await Promise.all(started.map((s) => s.stop()));
    },
  };
}
