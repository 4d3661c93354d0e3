/**
 * Reading public metrics on the platforms: one adapter per channel, each answering content and
 * follower readings in one vocabulary (shared/domain/metric-readings.ts), `unavailable` with a
 * reason rather than a number.
 */
import type { ChannelName } from '../../domain/activity-types.ts';
import type { PlatformAdapter } from '../../domain/metric-readings.ts';

export interface Platforms {
  /** Each channel's adapter, its credentials read first (once per container). */
  adapters(): Promise<(platform: ChannelName) => PlatformAdapter>;
}
