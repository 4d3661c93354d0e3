/**
 * The token sealer of this environment: KMS when `ANALYTICS_TOKEN_KEY_ARN` is set (the stack sets
 * it), the local stand-in otherwise (its key in `LOCAL_TOKEN_KEY_FILE`, or per process).
 * `useTokenSealer` puts another implementation in its place (a test); `useTokenSealer(undefined)`
 * goes back to the configured one, chosen afresh.
 */
import { KmsTokenSealer } from './cloud.ts';
import { LocalTokenSealer } from './local.ts';
import type { TokenSealer } from './port.ts';

let chosen: TokenSealer | undefined;

export function getTokenSealer(): TokenSealer {
  const arn = process.env.ANALYTICS_TOKEN_KEY_ARN;
  chosen ??= arn ? new KmsTokenSealer(arn) : LocalTokenSealer.load(process.env.LOCAL_TOKEN_KEY_FILE);
  return chosen;
}

export function useTokenSealer(sealer: TokenSealer | undefined): void {
  chosen = sealer;
}
