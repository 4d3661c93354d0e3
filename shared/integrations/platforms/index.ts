/**
 * The platforms of this environment: their APIs (cloud.ts), locally the fakes `npm start` points
 * the same adapters at. `usePlatforms` puts another implementation in its place (a test);
 * `usePlatforms(undefined)` goes back to the configured one, its credentials read afresh.
 */
import { platformApis } from './cloud.ts';
import { resetPlatformConfig } from './config.ts';
import type { Platforms } from './port.ts';

let chosen: Platforms | undefined;

export function getPlatforms(): Platforms {
  return chosen ?? platformApis;
}

export function usePlatforms(platforms: Platforms | undefined): void {
  chosen = platforms;
  if (!platforms) resetPlatformConfig();
}
