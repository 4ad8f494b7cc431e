import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ERROR_TYPES, ApiErrorSchema } from '@winery/domain';
import { createFuzzFixtures, type FuzzWorld } from '../testing/fuzz-fixtures.js';
import { schemaMismatches } from '../testing/json-schema-match.js';
import { operationsOf, pathParameterNames, readOpenApi, WRITE_METHODS, type Operation } from '../testing/openapi-inputs.js';
import { arbitraryFor, everyHostilePlace, hostileBody, hostilePathSegment, hostileValue, withOneHostilePlace } from '../testing/schema-arbitraries.js';
import { createTestApp, TEST_TENANT } from '../testing/test-app.js';

/*
 * Issue 11's standing fuzzer. Every write route of /v1/openapi.json is sent, with the token its
 * audience uses and real rows in its path: first a body it accepts with each of its strings,
 * numbers and objects broken in turn (NUL, lone surrogates, int4 and 2^53 edges, bad keys), then
 * bodies generated from its schema, valid, with one hostile place, or hostile throughout (1 MB,
 * prototype keys, deep nesting, wrong types). Whatever it sends, the answer is never a 5xx, a 4xx
 * is the error shape, and a 2xx is a documented status with a body as documented. fast-check
 * prints the seed of a failure: replay it with FUZZ_SEED=<seed>; FUZZ_RUNS sets the random runs.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const LOTS = 1_000_000;

/** Write routes that take no body at all; any other write route without a body schema fails below. */
const BODILESS = new Set([
  'POST /v1/customer/logout',
  'POST /v1/staff/logout',
  'DELETE /v1/{tenant}/customer/{customerId}/address/{addressId}',
  'DELETE /v1/{tenant}/customer/{customerId}/card/{cardId}',
  'DELETE /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/hold',
  // Joining the waiting room (issue 17): the member and allocation in the path are all it needs.
  'POST /v1/{tenant}/customer/{customerId}/allocation/{allocationId}/waiting-room',
  'POST /v1/{tenant}/customer/{customerId}/card/{cardId}/default',
  'POST /v1/staff/wishes/{wishId}/decline',
  'DELETE /v1/staff/offerings/{offeringId}/allocations/{allocationId}',
  // Its body is the CSV file itself (text/csv): sent without one, it must answer 400.
  'POST /v1/staff/offerings/{offeringId}/allocations/import',
  'POST /v1/customer/login-link/{requestId}/resend',
  // RFC 8058 one-click unsubscribe: whatever body a mail app sends (form, multipart, none) is read as nothing.
  'POST /unsubscribe/{token}',
  'POST /v1/staff/members/{customerId}/account-link',
  'POST /v1/staff/members/{customerId}/invite',
  'POST /v1/staff/allocation-requests/{requestId}/approve',
  'POST /v1/staff/allocation-requests/{requestId}/decline',
  'POST /v1/staff/offerings/{offeringId}/publish',
  'POST /v1/staff/offerings/{offeringId}/close',
  'POST /v1/staff/offerings/{offeringId}/duplicate',
  // Members, tiers and staff accounts (issue 14); the member import's body is the CSV file itself.
  'POST /v1/staff/members/{customerId}/deactivate',
  'POST /v1/staff/members/{customerId}/reactivate',
  'POST /v1/staff/members/import',
  'DELETE /v1/staff/tiers/{tierId}',
  'POST /v1/staff/accounts/{staffUserId}/deactivate',
  'POST /v1/staff/accounts/{staffUserId}/reactivate',
  'POST /v1/staff/accounts/{staffUserId}/invitation',
  // Wine pictures (issue 15).
  'DELETE /v1/staff/wines/{wineId}/image',
]);

// No limit may stop the fuzzer early: every one is raised far above the runs.
const t = await createTestApp({
  uniformAnswerMs: 0,
  globalRateLimit: { max: LOTS },
  loginLimits: { perIp: { max: LOTS }, perPair: { free: LOTS }, alert: { max: LOTS }, currentPassword: { max: LOTS } },
  requestLimits: {
    signInLink: { perIp: { max: LOTS }, perPair: { max: LOTS }, perEmail: { max: LOTS } },
    passwordReset: { perIp: { max: LOTS }, perPair: { max: LOTS }, perEmail: { max: LOTS } },
    join: { perIp: { max: LOTS }, perEmail: { max: LOTS } },
    badLinks: { perIp: { max: LOTS } },
    resendCooldownMs: 0,
  },
  bottleCheckLimits: { perMinute: { max: LOTS }, perDay: { max: LOTS } },
  cardAttemptLimit: { max: LOTS },
});
afterAll(async () => t.close());

const fixtures = await createFuzzFixtures(t);
/** Staff and public routes share one member; a member of their own costs two scrypt hashes. */
const sharedWorld = await fixtures.createWorld();
const writes = operationsOf(await readOpenApi(t.app)).filter((op) => (WRITE_METHODS as readonly string[]).includes(op.method));
const routeOf = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;

interface FuzzCase {
  /** 'fixture': a real row for the parameter; anything else is sent as it is. */
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown };
}

const json = (value: unknown) => ({ kind: 'json' as const, value });

function caseArbitrary(op: Operation, hints: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<FuzzCase> {
  const params = Object.fromEntries(
    pathParameterNames(op.path).map((name) => [name, fc.oneof({ arbitrary: fc.constant('fixture'), weight: 8 }, { arbitrary: hostilePathSegment, weight: 1 })]),
  );
  const query = Object.fromEntries(
    op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, arbitraryFor(p.schema, { hints, hostileWeight: 1 }, `query.${p.name}`, p.name)]),
  );
  let body: fc.Arbitrary<FuzzCase['body']>;
  if (op.body) {
    const valid = arbitraryFor(op.body, { hints, hostileWeight: 0 }, 'body');
    body = fc.oneof(
      { arbitrary: valid.map(json), weight: 3 },
      { arbitrary: withOneHostilePlace(valid).map(json), weight: 5 },
      { arbitrary: arbitraryFor(op.body, { hints, hostileWeight: 1 }, 'body').map(json), weight: 2 },
      { arbitrary: hostileBody.map(json), weight: 1 },
      { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
    );
  } else {
    body = fc.oneof({ arbitrary: fc.constant({ kind: 'none' as const }), weight: 3 }, { arbitrary: hostileValue.map(json), weight: 1 });
  }
  return fc.record({ params: fc.record(params), query: fc.record(query, { requiredKeys: [] }), body });
}

/** A path segment as a client would send it; a lone surrogate goes as its WTF-8 bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const unit = char.charCodeAt(0);
        if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      })
      .join('');
  }
}

let ipSequence = 0;
async function send(op: Operation, world: FuzzWorld, fuzz: FuzzCase, fixture: (name: string) => Promise<string>) {
  let url = op.path;
  for (const name of pathParameterNames(op.path)) {
    const value = fuzz.params[name] === 'fixture' ? await fixture(name) : fuzz.params[name]!;
    url = url.replace(`{${name}}`, encodeSegment(value));
  }
  const query = Object.entries(fuzz.query).map(([key, value]) => `${key}=${encodeSegment(typeof value === 'string' ? value : JSON.stringify(value))}`);
  if (query.length > 0) url += `?${query.join('&')}`;
  // Signing out ends the session it names, so each of those runs signs in afresh.
  const signOut = op.path.endsWith('/logout');
  let authorization: string | undefined;
  if (op.security.includes('memberToken')) authorization = signOut ? await t.signIn(world.customer.email) : world.token;
  if (op.security.includes('staffToken')) authorization = signOut ? await t.signInStaff(fixtures.staffUser.email) : fixtures.staffToken;
  ipSequence += 1;
  return t.app.inject({
    method: op.method.toUpperCase() as 'POST',
    url,
    remoteAddress: `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`,
    headers: {
      tenant: TEST_TENANT,
      ...(authorization ? { authorization } : {}),
      ...(fuzz.body.kind === 'json' ? { 'content-type': 'application/json' } : {}),
    },
    ...(fuzz.body.kind === 'json' ? { payload: JSON.stringify(fuzz.body.value) ?? 'null' } : {}),
  });
}

/** What is wrong with an answer, or null when it is what the contract promises. */
function answerProblem(op: Operation, response: { statusCode: number; body: string }): string | null {
  const { statusCode, body } = response;
  if (statusCode >= 500) return `${statusCode}: ${body.slice(0, 500)}`;
  if (statusCode >= 400) {
    let answer: unknown;
    try {
      answer = JSON.parse(body);
    } catch {
      return `${statusCode} without a JSON body: ${body.slice(0, 200)}`;
    }
    const parsed = ApiErrorSchema.safeParse(answer);
    const extra = Object.keys(answer as object).filter((key) => !['statusCode', 'type', 'message', 'errors'].includes(key));
    if (!parsed.success || extra.length > 0) return `${statusCode} not in the error shape: ${body.slice(0, 300)}`;
    if (parsed.data.statusCode !== statusCode || !API_ERROR_TYPES.includes(parsed.data.type)) return `${statusCode} answered as ${parsed.data.statusCode} ${parsed.data.type}`;
    return null;
  }
  if (statusCode < 200 || statusCode >= 300) return `unexpected status ${statusCode}`;
  if (!(String(statusCode) in op.responses)) return `${statusCode} is not a documented answer (${Object.keys(op.responses).join(', ')})`;
  const documented = op.responses[String(statusCode)];
  if (statusCode === 204 || !documented) return body === '' ? null : `${statusCode} documented without a body, answered ${body.slice(0, 200)}`;
  const mismatches = schemaMismatches(JSON.parse(body), documented);
  return mismatches.length === 0 ? null : `${statusCode} body differs from the documented one: ${mismatches.slice(0, 5).join('; ')}`;
}

describe('the fuzzer covers every write route', () => {
  it('finds them in the document, and every one has a body schema or is known to take none', () => {
    expect(writes.length).toBeGreaterThan(30);
    const unfuzzable = writes.filter((op) => !op.body && !BODILESS.has(routeOf(op))).map(routeOf);
    expect(unfuzzable, 'write routes without a body schema (add one, or list the route in BODILESS)').toEqual([]);
    const stale = [...BODILESS].filter((route) => !writes.some((op) => routeOf(op) === route));
    expect(stale, 'BODILESS names routes that no longer exist').toEqual([]);
  });
});

describe.each(writes.map((op) => [routeOf(op), op] as const))('%s', (_, op) => {
  it(`never answers 5xx, answers 4xx in the error shape and 2xx as documented (seed ${SEED})`, async () => {
    expect(op.security.filter((scheme) => !['memberToken', 'staffToken'].includes(scheme)), 'a security scheme the fuzzer has no token for').toEqual([]);
    expect(Object.keys(op.responses).some((status) => status.startsWith('2')), 'no documented success answer').toBe(true);
    const world = op.security.includes('memberToken') ? await fixtures.createWorld() : sharedWorld;
    const fixtureOf = Object.fromEntries(pathParameterNames(op.path).map((name) => [name, fixtures.pathFixture(op, name, world)]));
    const hints = fixtures.hintsFor(world);
    const check = async (fuzz: FuzzCase) => {
      const response = await send(op, world, fuzz, (name) => fixtureOf[name]!());
      const problem = answerProblem(op, response);
      if (problem) throw new Error(`${routeOf(op)} → ${problem}`);
      return response.statusCode;
    };
    const realRows = Object.fromEntries(pathParameterNames(op.path).map((name) => [name, 'fixture']));

    // A body the route accepts, to break one place at a time: the first valid-looking one that gets a 2xx.
    let accepted: FuzzCase['body'] = { kind: 'none' };
    if (op.body) {
      const samples = fc.sample(arbitraryFor(op.body, { hints, hostileWeight: 0 }, 'body'), { seed: SEED, numRuns: 8 });
      accepted = json(samples[0]);
      for (const sample of samples) {
        if ((await check({ params: realRows, query: {}, body: json(sample) })) < 300) {
          accepted = json(sample);
          break;
        }
      }
    }
    const sweep: FuzzCase[] = [
      ...(accepted.kind === 'json' ? everyHostilePlace(accepted.value).map((value) => ({ params: realRows, query: {}, body: json(value) })) : []),
      ...Object.keys(realRows).flatMap((name) => ['\u0000', '\ud800'].map((bad) => ({ params: { ...realRows, [name]: bad }, query: {}, body: accepted }))),
    ];

    await fc.assert(
      fc.asyncProperty(caseArbitrary(op, hints), async (fuzz) => {
        await check(fuzz);
      }),
      { seed: SEED, numRuns: sweep.length + RUNS, examples: sweep.map((fuzz) => [fuzz] as [FuzzCase]), endOnFailure: true },
    );
  });
});
