import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/** What a queued message needs to become sendable: the tokens its placeholders stand for. */
export interface LinkSecrets {
  /** Per message, so text a member typed (a name) can never pose as a placeholder. */
  nonce: string;
  tokens: string[];
  /**
   * Message headers that hold a link (List-Unsubscribe), with placeholders like the bodies; kept
   * here, sealed, because the queue has no other place for them and they carry a token.
   */
  headers?: Record<string, string>;
}

/** Binds a sealed value to its row: moved to another row or readdressed, it no longer opens. */
export interface SealBinding {
  id: string;
  to: string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// A fixed label, so this key can never equal one derived from the same secret for another use.
const HKDF_INFO = 'aldermoor/mail_queue.link_secrets/aes-256-gcm/v1';
const HKDF_SALT = 'aldermoor mail link secrets';

/** `{{link:0:9f2c4e1a0b3d}}`: where the worker puts token 0 back at send time. */
export const linkPlaceholder = (nonce: string, index: number) => `{{link:${index}:${nonce}}}`;

/** Puts the tokens back in place of their placeholders. */
export function fillLinks(body: string, secrets: LinkSecrets): string {
  return secrets.tokens.reduce((text, token, index) => text.split(linkPlaceholder(secrets.nonce, index)).join(token), body);
}

/** The sealed headers with their tokens back in place; none when the message has none. */
export function fillHeaders(secrets: LinkSecrets): Record<string, string> | undefined {
  if (!secrets.headers) return undefined;
  return Object.fromEntries(Object.entries(secrets.headers).map(([name, value]) => [name, fillLinks(value, secrets)]));
}

const keyBytes = (secret: KeyObject | Buffer): Buffer => {
  if (Buffer.isBuffer(secret)) return secret;
  if (secret.type === 'secret') return secret.export();
  if (secret.type === 'private') return secret.export({ format: 'der', type: 'pkcs8' });
  throw new Error('The link-secret key must come from a private or secret key, never a public one.');
};

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's own secret, the token-signing
 * key: a copy of the database without that key holds no usable link, and no new setting is needed.
 * Every instance shares the signing key, so any of them can send what another queued.
 */
export function createLinkSecretBox(secret: KeyObject | Buffer) {
  const key = Buffer.from(hkdfSync('sha256', keyBytes(secret), HKDF_SALT, HKDF_INFO, 32));
  const aad = (binding: SealBinding) => Buffer.from(`${binding.id}\n${binding.to}`, 'utf8');

  return {
    /** `v1.<iv>.<ciphertext>.<tag>` in base64url, with a fresh random IV. */
    seal(secrets: LinkSecrets, binding: SealBinding): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(binding));
      const content = { n: secrets.nonce, t: secrets.tokens, ...(secrets.headers ? { h: secrets.headers } : {}) };
      const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },

    /** Throws when the value was altered, belongs to another row, or was sealed under another key. */
    open(sealed: string, binding: SealBinding): LinkSecrets {
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag || rest.length > 0) throw new Error('Unknown link-secret format.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(binding));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const json = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      const parsed = JSON.parse(json) as { n?: unknown; t?: unknown; h?: unknown };
      if (typeof parsed.n !== 'string' || !Array.isArray(parsed.t) || !parsed.t.every((token) => typeof token === 'string')) {
        throw new Error('Unknown link-secret content.');
      }
      const headers = parsed.h;
      if (headers !== undefined && (typeof headers !== 'object' || headers === null || !Object.values(headers).every((value) => typeof value === 'string'))) {
        throw new Error('Unknown link-secret content.');
      }
      return { nonce: parsed.n, tokens: parsed.t as string[], ...(headers ? { headers: headers as Record<string, string> } : {}) };
    },
  };
}

export type LinkSecretBox = ReturnType<typeof createLinkSecretBox>;
