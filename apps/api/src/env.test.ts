import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './env.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: resolve(REPO_ROOT, '.data'),
      WEB_ROOT: resolve(REPO_ROOT, 'apps/web/build/client'),
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
      MINIMUM_AGE: 21,
      PAYMENT_GATEWAY: 'test',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('takes relative folders from the repository root', () => {
    expect(loadConfig({ DATA_DIR: './.data', WEB_ROOT: 'apps/web/build/client' })).toMatchObject({
      DATA_DIR: resolve(REPO_ROOT, '.data'),
      WEB_ROOT: resolve(REPO_ROOT, 'apps/web/build/client'),
    });
  });

  it('reads the password hashing threads: unset leaves the default, 0 is Node\'s threadpool', () => {
    expect(loadConfig({}).PASSWORD_HASH_THREADS).toBeUndefined();
    expect(loadConfig({ PASSWORD_HASH_THREADS: '0' }).PASSWORD_HASH_THREADS).toBe(0);
    expect(loadConfig({ PASSWORD_HASH_THREADS: ' 3 ' }).PASSWORD_HASH_THREADS).toBe(3);
  });

  it('reads the minimum age', () => {
    expect(loadConfig({ MINIMUM_AGE: '18' }).MINIMUM_AGE).toBe(18);
    expect(loadConfig({ MINIMUM_AGE: ' 25 ' }).MINIMUM_AGE).toBe(25);
  });

  it('reads the number of API workers (one unless asked) and the test gateway\'s fingerprint key', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: ' 4 ' }).WEB_CONCURRENCY).toBe(4);
    expect(loadConfig({}).TEST_GATEWAY_FINGERPRINT_KEY).toBeUndefined();
    const key = Buffer.alloc(32, 7).toString('base64url');
    expect(loadConfig({ TEST_GATEWAY_FINGERPRINT_KEY: `${key}\n` }).TEST_GATEWAY_FINGERPRINT_KEY).toBe(key);
  });

  it('reads the database pool size: 10 unless asked', () => {
    expect(loadConfig({}).PG_POOL_MAX).toBe(10);
    expect(loadConfig({ PG_POOL_MAX: ' 40 ' }).PG_POOL_MAX).toBe(40);
  });

  it('treats empty values as unset and reads booleans in words', () => {
    expect(loadConfig({ PORT: '', SEED_DEMO: 'no' })).toMatchObject({ PORT: 3000, SEED_DEMO: false });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number between 1 and 65535.'],
    [{ PORT: '70000' }, 'PORT must be a whole number between 1 and 65535.'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://.'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false (got "maybe").'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.'],
    [{ TOKEN_PRIVATE_KEY: 'secret' }, 'TOKEN_PRIVATE_KEY must be an Ed25519 private key in PKCS8 PEM form'],
    [{ MINIMUM_AGE: 'eighteen' }, 'MINIMUM_AGE must be a whole number of years between 0 and 120.'],
    [{ MINIMUM_AGE: '-1' }, 'MINIMUM_AGE must be a whole number of years between 0 and 120.'],
    [{ MINIMUM_AGE: '18.5' }, 'MINIMUM_AGE must be a whole number of years between 0 and 120.'],
    [{ PAYMENT_GATEWAY: 'stripe' }, 'PAYMENT_GATEWAY must be one of test.'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://.'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM must be an e-mail address'],
    [{ PUBLIC_URL: 'members.example.com' }, 'PUBLIC_URL must be a URL starting with https:// or http://.'],
    [{ MAIL_WORKER_INTERVAL_MS: '5s' }, 'MAIL_WORKER_INTERVAL_MS must be a whole number of milliseconds'],
    [{ MAIL_WORKER_INTERVAL_MS: '10' }, 'MAIL_WORKER_INTERVAL_MS must be a whole number of milliseconds'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY must be a whole number of API worker processes between 1 and 64.'],
    [{ WEB_CONCURRENCY: 'auto' }, 'WEB_CONCURRENCY must be a whole number of API worker processes between 1 and 64.'],
    [{ WEB_CONCURRENCY: '65' }, 'WEB_CONCURRENCY must be a whole number of API worker processes between 1 and 64.'],
    [{ PASSWORD_HASH_THREADS: 'many' }, 'PASSWORD_HASH_THREADS must be a whole number of threads between 0 and 64.'],
    [{ PASSWORD_HASH_THREADS: '65' }, 'PASSWORD_HASH_THREADS must be a whole number of threads between 0 and 64.'],
    [{ TEST_GATEWAY_FINGERPRINT_KEY: 'short' }, 'TEST_GATEWAY_FINGERPRINT_KEY must be 32 random bytes in base64url'],
    [{ PG_POOL_MAX: '0' }, 'PG_POOL_MAX must be a whole number of database connections per process between 1 and 1000.'],
    [{ PG_POOL_MAX: 'lots' }, 'PG_POOL_MAX must be a whole number of database connections per process between 1 and 1000.'],
  ])('stops with a sentence naming the bad setting: %o', (env, sentence) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(sentence);
  });

  it('reads the browser services, turning a negative page-view delay into 0', () => {
    expect(loadConfig({})).toMatchObject({
      ANALYTICS_PAGE_TRACKING: false,
      ANALYTICS_PAGE_VIEW_DELAY_MS: 50,
      ROUTE_CHANGE_EVENT_NAME: 'gatsby-route-change',
    });
    expect(
      loadConfig({
        ANALYTICS_WRITE_KEY: 'k',
        ANALYTICS_SCRIPT_URL: '/__test-sink/analytics.js',
        ANALYTICS_PAGE_TRACKING: 'true',
        ANALYTICS_PAGE_VIEW_DELAY_MS: '-5',
        ERROR_REPORTING_DSN: 'https://public@errors.example/1',
      }),
    ).toMatchObject({ ANALYTICS_PAGE_TRACKING: true, ANALYTICS_PAGE_VIEW_DELAY_MS: 0 });
    expect(() => loadConfig({ ANALYTICS_PAGE_VIEW_DELAY_MS: 'soon' })).toThrow(/ANALYTICS_PAGE_VIEW_DELAY_MS/);
    expect(() => loadConfig({ ANALYTICS_SCRIPT_URL: '//evil.example/a.js' })).toThrow(/ANALYTICS_SCRIPT_URL/);
  });

  it('reads the mail settings: outbox by default, links on this port unless PUBLIC_URL says otherwise', () => {
    const defaults = loadConfig({ PORT: '4100' });
    expect(defaults).toMatchObject({
      MAIL_FROM: '"Aldermoor Estate" <no-reply@aldermoor.example>',
      PUBLIC_URL: 'http://localhost:4100',
      MAIL_WORKER_INTERVAL_MS: 5000,
      NODE_ENV: 'development',
    });
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(
      loadConfig({
        SMTP_URL: 'smtp://user:secret@mail.example:587',
        MAIL_FROM: 'Matriarch <hello@matriarch.example>',
        PUBLIC_URL: 'https://members.example.com/',
        MAIL_WORKER_INTERVAL_MS: '2000',
        NODE_ENV: 'production',
      }),
    ).toMatchObject({
      SMTP_URL: 'smtp://user:secret@mail.example:587',
      MAIL_FROM: 'Matriarch <hello@matriarch.example>',
      PUBLIC_URL: 'https://members.example.com',
      MAIL_WORKER_INTERVAL_MS: 2000,
      NODE_ENV: 'production',
    });
  });
});
