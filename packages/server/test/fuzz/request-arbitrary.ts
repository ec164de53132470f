import fc from 'fast-check';
import type { LoggedUser } from '@wartefrei/shared';
import { basic } from '../support/test-app.js';
import type { FuzzRoute } from './route-catalogue.js';
import { fieldKind, idArbitrary, pathParamKinds, type IdSources } from './id-inputs.js';
import { fuzzArbitrary, validArbitrary } from './schema-arbitraries.js';
import { hostileString, hostileValue, malformedId, MALFORMED_JSON } from './hostile-values.js';

/** Who a fuzzed request claims to be. */
export type ActorKind = 'admin' | 'processor' | 'anonymous' | 'invalid';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
  actor: ActorKind;
}

export interface Credentials {
  /** Account A: the fuzzing side. */
  admin: LoggedUser;
  processor: LoggedUser;
  adminUsername: string;
  /** Account B: only ever mixed with A's, never its own valid pair. */
  foreignAdmin: LoggedUser;
}

/** `encodeURIComponent` that survives lone surrogates: they go out as the invalid UTF-8 they are. */
export function encodeSegment(value: string): string {
  return value
    .replace(/[\uD800-\uDFFF]/g, (c, i: number, s: string) => {
      const code = c.charCodeAt(0);
      const pairedHigh = code <= 0xdbff && /[\uDC00-\uDFFF]/.test(s[i + 1] ?? '');
      const pairedLow = code >= 0xdc00 && /[\uD800-\uDBFF]/.test(s[i - 1] ?? '');
      return pairedHigh || pairedLow ? c : '\u0000LONE\u0000';
    })
    .split('\u0000LONE\u0000')
    .map((part) => encodeURIComponent(part))
    .join('%ED%A0%80');
}

/** A path parameter as sent: encoded, or raw when it is printable ASCII without URL syntax. */
const segment = (value: string, raw: boolean) => (raw && /^[\x21-\x7e]*$/.test(value) && !/[/?#]/.test(value) ? value : encodeSegment(value));

const authArbitrary = (c: Credentials): fc.Arbitrary<{ header?: string; actor: ActorKind }> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant({ header: basic(c.admin.id, c.admin.token), actor: 'admin' as const }) },
    { weight: 1, arbitrary: fc.constant({ header: basic(c.adminUsername, c.admin.token), actor: 'admin' as const }) },
    { weight: 3, arbitrary: fc.constant({ header: basic(c.processor.id, c.processor.token), actor: 'processor' as const }) },
    { weight: 2, arbitrary: fc.constant({ actor: 'anonymous' as const }) },
    {
      weight: 3,
      arbitrary: fc
        .oneof(
          // Another account's user with A's token and the other way round: never a valid pair.
          fc.constant(basic(c.foreignAdmin.id, c.admin.token)),
          fc.constant(basic(c.admin.id, c.foreignAdmin.token)),
          fc.constant(basic(c.admin.id, 'falsches-token')),
          hostileString.map((s) => basic(c.admin.id, s || 'x')),
          hostileString.map((s) => basic(s || 'x', c.admin.token)),
          fc.constantFrom('Basic', 'Basic ', 'Basic !!!', 'Basic Og==', 'Bearer abc', 'basic YTpi', 'Digest x', `Basic ${'A'.repeat(20_000)}`),
        )
        .map((header) => ({ header, actor: 'invalid' as const })),
    },
  );

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/octet-stream',
  'image/png',
];

/** What goes in the body: JSON from the schema, other JSON, broken JSON, the wrong content type, nothing. */
function bodyArbitrary(route: FuzzRoute, sources: IdSources): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const ids = (field: string) => {
    const kind = fieldKind(field);
    return kind ? idArbitrary(kind, sources) : undefined;
  };
  const json = (route.body ? fuzzArbitrary(route.body, ids) : hostileValue).map((value) => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  }));
  const writes = route.method !== 'GET';
  return fc.oneof(
    { weight: writes ? 10 : 1, arbitrary: json },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ payload, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...CONTENT_TYPES),
          fc.oneof(
            fc.constant('a=1&b=2'),
            json.map((j) => j.payload),
          ),
        )
        .map(([contentType, payload]) => ({ payload, contentType })),
    },
    // A body past the 1 MB limit.
    { weight: 1, arbitrary: fc.constant({ payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }), contentType: 'application/json' }) },
    { weight: writes ? 1 : 8, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: json.map((j) => ({ payload: j.payload })) },
  );
}

/** Query strings from the route's schema, with junk keys (repeated, prototype names) besides. */
function queryArbitrary(route: FuzzRoute, sources: IdSources): fc.Arbitrary<string> {
  const ids = (field: string) => {
    const kind = fieldKind(field);
    return kind ? idArbitrary(kind, sources) : undefined;
  };
  const known = route.query ? fuzzArbitrary(route.query, ids) : fc.constant({});
  const junk = fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a[b]', 'x[]', 'account_id'), fc.string({ maxLength: 8 })), hostileValue, {
    maxKeys: 2,
  });
  return fc.tuple(known, fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: junk })).map(([values, extra]) => {
    const pairs: string[] = [];
    const add = (key: string, value: unknown) => {
      if (Array.isArray(value)) return value.forEach((v) => add(key, v));
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      pairs.push(`${encodeSegment(key)}=${encodeSegment(text)}`);
    };
    const object = typeof values === 'object' && values !== null && !Array.isArray(values) ? values : { q: values };
    for (const [key, value] of Object.entries({ ...extra, ...object })) add(key, value);
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  });
}

const ACCEPT_LANGUAGES = ['de', 'en', 'tr', 'xx', '*', 'en;q=abc', 'de-AT,de;q=0.9,en;q=0.8', 'a'.repeat(4000), '\u00e4\u00f6'];

/**
 * One request to the route. Half are hostile in every part at once; half are well-formed (a
 * signed-in actor of A, JSON the schema accepts, real ids of A or of B), so that the services
 * behind the validator are fuzzed too, and B's ids meet requests that would otherwise succeed.
 */
export function requestArbitrary(route: FuzzRoute, sources: IdSources, credentials: Credentials): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(hostileRequest(route, sources, credentials), wellFormedRequest(route, sources, credentials));
}

/**
 * Fastify prints the web app's catch-all as `*`, without a slash: with an empty rest that would
 * be an empty URL, which the injector cannot send. (It exists only when a web build does, so a
 * checkout after `npm start` fuzzes it and a clean one does not.)
 */
const absolute = (path: string) => (path.startsWith('/') ? path : `/${path}`);

function wellFormedRequest(route: FuzzRoute, sources: IdSources, c: Credentials): fc.Arbitrary<FuzzRequest> {
  const kinds = pathParamKinds(route);
  const ids = (field: string) => {
    const kind = fieldKind(field);
    return kind ? idArbitrary(kind, sources, true) : undefined;
  };
  const params = route.pathParams.map((name) => {
    const kind = kinds[name];
    return kind ? idArbitrary(kind, sources, true).map(encodeSegment) : malformedId.map(encodeSegment);
  });
  return fc
    .record({
      params: fc.tuple(...params),
      query: route.query ? validArbitrary(route.query, ids) : fc.constant({}),
      body: route.body ? validArbitrary(route.body, ids).map((value) => JSON.stringify(value) ?? 'null') : fc.constant(undefined),
      actor: fc.constantFrom('admin' as const, 'admin' as const, 'processor' as const),
    })
    .map(({ params: values, query, body, actor }) => {
      let i = 0;
      const path = absolute(route.path.replace(/\{[^}]+\}|:[^/]+/g, () => values[i++] ?? '').replace(/\*$/, ''));
      const user = actor === 'admin' ? c.admin : c.processor;
      const search = new URLSearchParams(
        Object.entries((query ?? {}) as Record<string, unknown>).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : (JSON.stringify(value) ?? '')]),
      ).toString();
      return {
        method: route.method,
        url: `${path}${search ? `?${search}` : ''}`,
        headers: { authorization: basic(user.id, user.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: body }),
        remoteAddress: '127.0.0.1',
        actor,
      };
    });
}

function hostileRequest(route: FuzzRoute, sources: IdSources, credentials: Credentials): fc.Arbitrary<FuzzRequest> {
  const kinds = pathParamKinds(route);
  const params = route.pathParams.map((name) => {
    const kind = kinds[name];
    return fc.tuple(kind ? idArbitrary(kind, sources) : malformedId, fc.boolean()).map(([value, raw]) => segment(value, raw));
  });
  // Undescribed routes (`/docs/*`, the web app's `*`) take any rest of a path.
  const wildcard = fc.oneof(fc.constantFrom('', 'index.html', 'static/index.html', '../package.json', '%2e%2e/%2e%2e/etc/passwd', 'a/b/c'), malformedId.map(encodeSegment));
  return fc
    .record({
      params: fc.tuple(...params),
      rest: wildcard,
      query: queryArbitrary(route, sources),
      body: bodyArbitrary(route, sources),
      auth: authArbitrary(credentials),
      lang: fc.option(fc.constantFrom(...ACCEPT_LANGUAGES), { nil: undefined }),
      ip: fc.constantFrom('127.0.0.1', '203.0.113.9', '2001:db8::1'),
    })
    .map(({ params: values, rest, query, body, auth, lang, ip }) => {
      let i = 0;
      const path = absolute(route.path.replace(/\{[^}]+\}|:[^/]+/g, () => values[i++] ?? '').replace(/\*$/, rest));
      const headers: Record<string, string> = {};
      if (auth.header) headers.authorization = auth.header;
      if (lang) headers['accept-language'] = lang;
      if (body.contentType) headers['content-type'] = body.contentType;
      return {
        method: route.method,
        url: `${path}${query}`,
        headers,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
        remoteAddress: ip,
        actor: auth.actor,
      };
    });
}
