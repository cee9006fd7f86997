import { createServer } from 'node:net';
import { startTestProvider } from '../apps/server/test/oidc-provider';

/** The person the e2e provider signs in (a new account on the first sign-in). */
export const SOCIAL_PERSON = {
  sub: 'e2e-social-person',
  email: 'sam.social@e2e.local',
  email_verified: true,
  given_name: 'Sam',
  family_name: 'Social',
};
export const PROVIDER_LABEL = 'Acme ID';

/** A port nobody listens on now: the server's, chosen first so that the provider knows its callback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real OpenID Connect provider of the browser tests (apps/server/test/oidc-provider.ts), signing
 * SOCIAL_PERSON in without a page; `env` is what the server needs to offer it as "acme".
 */
export async function startOidcPeer(appUrl: string) {
  const client = { clientId: 'ledgerdesk-e2e', clientSecret: 'e2e-client-secret-of-ledgerdesk' };
  const provider = await startTestProvider({
    ...client,
    redirectUris: [`${appUrl}/api/auth/oidc/acme/callback`],
  });
  provider.signInNext(SOCIAL_PERSON);
  return {
    env: {
      OIDC_PROVIDERS: 'acme',
      OIDC_ACME_ISSUER: provider.issuer,
      OIDC_ACME_CLIENT_ID: client.clientId,
      OIDC_ACME_CLIENT_SECRET: client.clientSecret,
      OIDC_ACME_LABEL: PROVIDER_LABEL,
    },
    close: provider.close,
  };
}
