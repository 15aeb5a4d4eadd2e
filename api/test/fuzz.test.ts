/**
 * Property: whatever a client sends to any call of the contract, the API never answers 500, always answers
 * `{msg, data}` JSON, and logs no error (an input only the database refused would be one). Bodies and query strings are built from each call's own field names (so the hostile value
 * reaches the handler) mixed with wholly random ones.
 */
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { z } from 'zod';
import { calls, type CallDef } from '@invest/shared/contract';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

const CALLS = calls as Record<string, CallDef>;
/** Calls that end the caller's session are sent without a token, so the fuzzer keeps its own. */
const ENDS_SESSION = new Set<CallDef>([calls.logout, calls.opsLogout]);

const fieldsOf = (def: CallDef): string[] => (def.input instanceof z.ZodObject ? Object.keys(def.input.shape) : []);

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ minLength: 1 }).map((s) => `${s}\u0000`),
  fc.constantFrom('\u0000', 'DEMO2026\u0000', '\ud800', '\uffff', '%00', '9876543210', 'DEMO2026', 'AAPL', 'TCS.NS', '^NSEI', '1', '-1', '2147483648', '-2147483649', '1e400', 'NaN', 'Infinity', '0x10', ' '),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2147483647, 2147483648, -2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e21, -1e21),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 3 }),
);
/**
 * The fuzzer's dictionary: a plausible value per field name the contract uses, so that most fields of a request
 * pass and the hostile one reaches the handler and the database. A field not listed here gets random values.
 */
const SEEDS: Record<string, unknown> = {
  user: '9876543210',
  password: 'secret123',
  new_password: 'secret456',
  code: 'DEMO2026',
  symbol: 'AAPL',
  market: 'IN',
  mold: '1d',
  keyword: 'TCS',
  page: 1,
  limit: 10,
  pageSize: 10,
  id: 1,
  title: 'Title',
  subhead: 'Subhead',
  img: '/api/static/news/1.svg',
  content: '<p>x</p>',
};

/** A value as text or as a number, whatever it is: a hostile object may have no primitive form (a `toString` key). */
const textOf = (v: unknown): string => {
  try {
    return String(v);
  } catch {
    return JSON.stringify(v) ?? '';
  }
};
const numberOf = (v: unknown): number => {
  try {
    return Number(v);
  } catch {
    return NaN;
  }
};

/** The seed of a field spoiled: a NUL inside it, a number past int4, the wrong type, nested, huge. */
const spoiled = (seed: unknown) =>
  fc.oneof(
    fc.constantFrom(
      `${textOf(seed)}\u0000`,
      `\u0000${textOf(seed)}`,
      [seed],
      { value: seed },
      textOf(seed).repeat(5000),
      -numberOf(seed),
      2147483648,
      -2147483649,
      2 ** 53,
      1e21,
      1.5,
      true,
      null,
    ),
    hostileValue,
  );

const seedOf = (name: string): fc.Arbitrary<unknown> => (Object.hasOwn(SEEDS, name) ? fc.constant(SEEDS[name]) : hostileValue);

const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'a\u0000'), fc.string({ maxLength: 12 }));

/**
 * The call's fields, seeded, with one of them spoiled (the others pass, so the spoiled one reaches the handler),
 * sometimes one left out, sometimes an extra hostile key.
 */
const hostileFields = (known: string[]) =>
  fc
    .record({
      values: fc.tuple(...known.map(seedOf)),
      spoil: fc.option(fc.nat(Math.max(0, known.length - 1)), { freq: 8, nil: null }),
      drop: fc.option(fc.nat(Math.max(0, known.length - 1)), { freq: 1, nil: null }),
      extra: fc.option(fc.tuple(hostileKey, hostileValue), { freq: 1, nil: null }),
    })
    .chain(({ values, spoil, drop, extra }) =>
      (spoil === null || !known.length ? fc.constant(values) : spoiled(values[spoil]).map((v) => values.map((old, i) => (i === spoil ? v : old)))).map((vs) => {
        const pairs: [string, unknown][] = known.map((k, i) => [k, vs[i]]);
        return [...pairs.filter((_, i) => i !== drop || drop === spoil), ...(extra ? [extra] : [])];
      }),
    );

/** A JSON text: an object over the call's fields (JSON.stringify would drop a `__proto__` key, so it is written out). */
const hostileBody = (known: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: hostileFields(known).map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string() },
  );

/** Every UTF-8 byte percent-encoded (encodeURIComponent throws on a lone surrogate). */
const percent = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** A query string over the call's fields; keys may repeat (arrays), some values are bytes that are not UTF-8. */
const hostileQuery = (known: string[]) =>
  fc
    .tuple(hostileFields(known), fc.constantFrom('', '&x=%ff', '&page=%c0%80', '&%=%', '&symbol=%zz', '&page=1&page=2'))
    .map(([pairs, raw]) => pairs.map(([k, v]) => `${percent(k)}=${percent(typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`).join('&') + raw);

/** The call's path with each `:param` filled: a real id, or one spoiled like a field. */
const pathOf = (def: CallDef) => {
  const params = def.path.match(/:\w+/g) ?? [];
  return fc
    .tuple(...params.map(() => fc.oneof(fc.constant(1), spoiled(1))))
    .map((values) => values.reduce<string>((p, v, i) => p.replace(params[i]!, percent(typeof v === 'string' ? v : JSON.stringify(v) ?? '')), def.path));
};

describe.each(backends)('fuzzing every contract call on $name', (backend) => {
  const errors: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(String(chunk));
      if (line.level >= 50) errors.push(`${line.msg}: ${line.err?.message ?? ''}`);
      done();
    },
  });
  const t = useApp(backend, { deps: { logger: { level: 'error', stream } } });
  const tokens: Record<CallDef['auth'], string | undefined> = { public: undefined, user: undefined, operator: undefined };
  beforeAll(async () => {
    const { phone, password } = await t.current.register();
    tokens.user = await t.current.login(phone, password);
    tokens.operator = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  // Named by the call, so a counterexample prints short.
  const request = fc.constantFrom(...Object.keys(CALLS)).chain((call) => {
    const def = CALLS[call]!;
    return fc.record({
      call: fc.constant(call),
      path: pathOf(def),
      payload: def.method === 'GET' ? hostileQuery(fieldsOf(def)) : hostileBody(fieldsOf(def)),
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.string()), { nil: undefined }),
    });
  });

  it('never answers 500 nor logs an error, and always answers {msg, data} JSON', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ call, path, payload, idempotencyKey }) => {
        const def = CALLS[call]!;
        const token = ENDS_SESSION.has(def) ? undefined : tokens[def.auth];
        const headers: Record<string, string> = {};
        if (token) headers.authorization = `Bearer ${token}`;
        if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
        const res = await t.current.built.app.inject(
          def.method === 'GET'
            ? { method: 'GET', url: `/api${path}?${payload}`, headers }
            : { method: def.method, url: `/api${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload },
        );
        expect(res.statusCode).toBeLessThan(500);
        expect(errors.splice(0)).toEqual([]);
        const body = res.json();
        expect(['ok', 'no', 'logout']).toContain(body.msg);
        expect(body).toHaveProperty('data');
      }),
      { numRuns: 800, interruptAfterTimeLimit: 5000, markInterruptAsFailure: false },
    );
  }, 30_000);
});
