/**
 * The local stand-in for KMS (the TokenSealer port): AES-256-GCM, the organization id as associated
 * data, under the key kept in the file `LOCAL_TOKEN_KEY_FILE` names — `npm start` keeps it in
 * `.data/` — or one made per process.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TokenSealer } from './port.ts';

/** Local stand-in for KMS: AES-256-GCM under a 32-byte key. */
export class LocalTokenSealer implements TokenSealer {
  constructor(private readonly key = randomBytes(32)) {}

  /**
   * The key stored at `file` (created on first use, owner-only), so sealed tokens open after a
   * restart, as the local token issuer's key is kept (infra/local/issuer.ts); without `file`, a new
   * key kept in memory.
   */
  static load(file?: string): LocalTokenSealer {
    if (!file) return new LocalTokenSealer();
    if (existsSync(file)) return new LocalTokenSealer(readFileSync(file));
    const key = randomBytes(32);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, key, { mode: 0o600 });
    return new LocalTokenSealer(key);
  }

  async seal(organizationId: string, token: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(organizationId));
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  async open(organizationId: string, sealed: string): Promise<string> {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12)).setAAD(Buffer.from(organizationId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
