import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider on 127.0.0.1 (oidc-provider) standing in for Microsoft in tests: one
 * client, an account that signs in as whoever `signInAs` names (with a tenant id `tid` and an
 * object id `oid` like Microsoft's), the sign-in and consent prompts answered at once. `browser()` follows redirects
 * with a cookie jar as a browser would, up to the return to the app's callback page. The
 * end-to-end run starts one too and names the identity by `POST /test/sign-in-as` (JSON).
 */

export interface Identity {
  sub: string;
  email: string;
  tid: string;
  /** Microsoft's object id of the account, stable while its mail changes; `sub` where not given. */
  oid?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signInAs(identity: Identity): void;
  /** How long an authorization code lives (default 60 s): a short one lets a test see it expire. */
  setCodeTtl(seconds: number): void;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  let codeTtl = 60;
  let current: Identity = { sub: 'nobody', email: 'nobody@example.com', tid: '00000000-0000-0000-0000-000000000000' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'wartefrei-test';
  const clientSecret = 'ein-geheimnis-nur-fuer-tests';
  const identities = new Map<string, Identity>();
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub', 'tid', 'oid'], email: ['email'], profile: ['preferred_username'] },
    // Microsoft puts these claims into the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-cookie-key'] },
    ttl: { AuthorizationCode: () => codeTtl },
    // A key of its own, so the provider does not fall back to (and warn about) its development keys.
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const identity = identities.get(id);
      return identity
        ? { accountId: id, claims: () => ({ sub: id, tid: identity.tid, oid: identity.oid ?? id, email: identity.email, preferred_username: identity.email }) }
        : undefined;
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.method === 'POST' && req.url === '/test/sign-in-as') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        current = JSON.parse(body) as Identity;
        res.writeHead(204).end();
      });
      return;
    }
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        identities.set(current.sub, current);
        await provider.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
      grant.addOIDCScope('openid profile email');
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (identity) => void (current = identity),
    setCodeTtl: (seconds) => void (codeTtl = seconds),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookies per host, and its walk along redirects until the app's callback page. */
export function browser() {
  const jar = new Map<string, Map<string, string>>();
  return {
    /** Follows `url` through the provider; answers the query it brings back to `callbackPrefix`. */
    async follow(url: string, callbackPrefix: string): Promise<string> {
      let next = new URL(url);
      for (let hop = 0; hop < 20; hop++) {
        if (next.href.startsWith(callbackPrefix)) return next.search;
        const cookies = jar.get(next.host) ?? new Map<string, string>();
        const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        jar.set(next.host, cookies);
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${next.href}: ${res.status} ${await res.text()}`);
        next = new URL(location, next);
      }
      throw new Error('too many redirects');
    },
  };
}
