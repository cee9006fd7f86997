import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The account the provider signs in next: its claims, which the test chooses. */
export type TestAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
};

export type TestProvider = {
  /** The issuer identifier (OIDC_<ID>_ISSUER). */
  issuer: string;
  /**
   * Who the next sign-in at the provider is (kept until changed), or 'deny': the user refuses
   * (the provider answers access_denied).
   */
  signInNext(account: TestAccount | 'deny'): void;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback for the tests, with one confidential
 * client. Its sign-in needs no page: the interaction signs in the account the test set (or refuses)
 * and grants what the client asked for, so a plain HTTP client (or a browser) goes through it
 * without a click.
 */
export async function startTestProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<TestProvider> {
  let next: TestAccount | 'deny' = {
    sub: 'test-subject',
    email: 'someone@example.com',
    email_verified: true,
  };
  const accounts = new Map<string, TestAccount>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['ledgerdesk-test-provider'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
  });

  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (next === 'deny') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The user refused.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      accounts.set(next.sub, next);
      await provider.interactionFinished(req, res, { login: { accountId: next.sub } });
      return;
    }
    const accountId = details.session?.accountId;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('the grant of the interaction is gone');
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
  }

  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    signInNext(account) {
      next = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the provider's redirects from `url` as a browser would (keeping its cookies), until one
 * leads out of the provider to `appUrl`: that address (the app's callback, with code and state).
 */
export async function throughProvider(url: string, appUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  let current = url;
  for (let hops = 0; hops < 10; hops += 1) {
    const response = await fetch(current, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    current = new URL(location, current).toString();
    if (current.startsWith(appUrl)) return current;
  }
  throw new Error('the provider redirected too many times');
}
