import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../env.js';
import { generateSigningKeys, loadSigningKeys } from './signing-keys.js';

const dataDir = mkdtempSync(join(tmpdir(), 'winery-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadSigningKeys', () => {
  it('generates an Ed25519 key once into DATA_DIR/keys and reuses it', () => {
    const first = loadSigningKeys({ dataDir });
    const file = join(dataDir, 'keys', 'token-signing-key.pem');
    expect(readFileSync(file, 'utf8')).toContain('-----BEGIN PRIVATE KEY-----');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.privateKey.asymmetricKeyType).toBe('ed25519');
    const second = loadSigningKeys({ dataDir });
    expect(second.publicKey.export({ format: 'jwk' })).toEqual(first.publicKey.export({ format: 'jwk' }));
  });

  it('prefers TOKEN_PRIVATE_KEY when given', () => {
    const configured = generateSigningKeys();
    const pem = configured.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const loaded = loadSigningKeys({ privateKeyPem: pem, dataDir });
    expect(loaded.publicKey.export({ format: 'jwk' })).toEqual(configured.publicKey.export({ format: 'jwk' }));
  });

  it('accepts a one-line PEM with literal \\n escapes, as env files hold it', () => {
    const configured = generateSigningKeys();
    const oneLine = configured.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim().replace(/\n/g, '\\n');
    expect(oneLine).not.toContain('\n');
    const loaded = loadSigningKeys({ privateKeyPem: oneLine, dataDir });
    expect(loaded.publicKey.export({ format: 'jwk' })).toEqual(configured.publicKey.export({ format: 'jwk' }));
  });

  it('refuses a key of another type, naming the setting', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadSigningKeys({ privateKeyPem: rsa, dataDir })).toThrow(ConfigError);
    expect(() => loadSigningKeys({ privateKeyPem: rsa, dataDir })).toThrow('TOKEN_PRIVATE_KEY must be an Ed25519 key (it is rsa).');
  });
});
