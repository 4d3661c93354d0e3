/** The verified-token cache never outlives a token and never serves a token it did not verify. */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetVerifier, TokenRejected, verifyToken } from '../../shared/auth/verifier.ts';
import { testIssuer } from '../support/auth.ts';

afterEach(() => {
  vi.useRealTimers();
  resetVerifier();
});

describe('verifyToken cache', () => {
  it('rejects a once-verified token after it expires', async () => {
    const userId = randomUUID();
    const token = testIssuer.mint({ userId, expiresIn: 60 });
    await expect(verifyToken(token)).resolves.toMatchObject({ sub: userId });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await expect(verifyToken(token)).rejects.toBeInstanceOf(TokenRejected);
  });

  it('does not accept a token whose signature differs from a cached one', async () => {
    const token = testIssuer.mint({ userId: randomUUID() });
    await verifyToken(token);
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
    await expect(verifyToken(tampered)).rejects.toBeInstanceOf(TokenRejected);
  });

  it('marks an agent token by its act claim, from the cache too', async () => {
    const token = testIssuer.mint({ userId: randomUUID(), agent: true });
    expect((await verifyToken(token)).act).toBeDefined();
    expect((await verifyToken(token)).act).toBeDefined();
  });
});
