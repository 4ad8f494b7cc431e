import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../shared/config-error.js';

export interface SigningKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function generateSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey };
}

function fromPem(pem: string, source: string): SigningKeys {
  let privateKey: KeyObject;
  try {
    // Env files often carry the PEM on one line with literal \n escapes.
    privateKey = createPrivateKey(pem.replace(/\\n/g, '\n'));
  } catch {
    throw new ConfigError(`${source} is not a readable PKCS8 PEM private key.`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new ConfigError(`${source} must be an Ed25519 key (it is ${privateKey.asymmetricKeyType ?? 'unknown'}).`);
  }
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/**
 * The configured key, or one generated on first start into DATA_DIR/keys/ so the demo needs no
 * setup and tokens survive restarts. Several instances must share TOKEN_PRIVATE_KEY instead.
 */
export function loadSigningKeys(options: { privateKeyPem?: string | undefined; dataDir: string }): SigningKeys {
  if (options.privateKeyPem) return fromPem(options.privateKeyPem, 'TOKEN_PRIVATE_KEY');
  const dir = join(options.dataDir, 'keys');
  const file = join(dir, 'token-signing-key.pem');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pem = generateSigningKeys().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    try {
      writeFileSync(file, pem, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      // Another process wrote it first; use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  return fromPem(readFileSync(file, 'utf8'), file);
}
