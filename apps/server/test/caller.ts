import type { TestContext } from './context';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type CallOptions = { token?: string; headers?: Record<string, string> };

/**
 * `call(method, url, payload?, { token?, headers? })` through inject, as the signed-in user of
 * `signedIn()` unless another token is given. A getter, because the context and token are made in
 * beforeAll, after the call helper is declared.
 */
export function apiCaller(signedIn: () => { ctx: TestContext; token: string }) {
  return (method: Method, url: string, payload?: object, options: CallOptions = {}) => {
    const { ctx, token } = signedIn();
    return ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${options.token ?? token}`, ...options.headers },
      ...(payload ? { payload } : {}),
    });
  };
}
