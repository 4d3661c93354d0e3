/**
 * The fake Google Analytics in-process for a test file: started, the service's Google client
 * pointed at it, and a grant obtained through the service's own OAuth client (consent, PKCE code
 * exchange), as the completion would.
 */
import { FakeGoogleAnalytics } from '../../infra/local/fakes/google-analytics.ts';
import * as analytics from '../../shared/integrations/analytics/index.ts';

export async function startFakeGoogle(): Promise<FakeGoogleAnalytics> {
  const fake = await FakeGoogleAnalytics.start();
  Object.assign(process.env, fake.env(), {
    ANALYTICS_OAUTH_REDIRECT_URI: 'http://127.0.0.1:1/v1/analytics-oauth/callback',
  });
  return fake;
}

/** A refresh token of the fake: its consent page followed, the code exchanged. */
export async function fakeGrant(): Promise<string> {
  const { url, state, codeVerifier } = await analytics.authorizationRequest();
  const consent = await fetch(url, { redirect: 'manual' });
  return analytics.exchangeCode(
    new URL(consent.headers.get('location')!).searchParams.get('code')!,
    state,
    codeVerifier,
  );
}

/** An access token of a new grant of the fake. */
export async function fakeAccessToken(): Promise<string> {
  return analytics.accessTokenFor(await fakeGrant());
}
