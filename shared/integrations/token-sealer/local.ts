/**
 * The local stand-in for KMS (the TokenSealer port): AES-256-GCM, the encryption context as associated
 * data (the organization id alone for a value sealed before purposes, as this stand-in sealed them), under the key kept in the file `LOCAL_TOKEN_KEY_FILE` names — `npm start` keeps it in
 * `.data/` — or one made per process.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SealContext, TokenSealer } from './port.ts';

/** The associated data of a context: the bare organization id without a purpose, as values were sealed before purposes. */
const associatedData = ({ organizationId, purpose }: SealContext) =>
  Buffer.from(purpose ? `${organizationId}\npurpose=${purpose}` : organizationId);

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

  async seal(context: SealContext, value: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(associatedData(context));
    const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  async open(context: SealContext, sealed: string): Promise<string> {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12)).setAAD(associatedData(context));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  async reseal(from: SealContext, to: SealContext, sealed: string): Promise<string> {
    return this.seal(to, await this.open(from, sealed));
  }
}
