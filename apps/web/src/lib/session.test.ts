import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, type Session, setSession } from './session';

const KEY = 'ledgerdesk.session';
const session: Session = {
  accessToken: 'token-1',
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    groups: [],
    permissions: [],
  },
};

afterEach(() => clearSession());

describe('where the session is kept', () => {
  it('is this tab’s (sessionStorage) by default', () => {
    setSession(session);
    expect(sessionStorage.getItem(KEY)).toContain('token-1');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('is every tab’s (localStorage) with "keep me signed in", and moves back without it', () => {
    setSession(session, { keep: true });
    expect(localStorage.getItem(KEY)).toContain('token-1');
    expect(sessionStorage.getItem(KEY)).toBeNull();
    // A change of the user keeps it where it is.
    setSession({ ...session, user: { ...session.user, firstName: 'Ida' } });
    expect(localStorage.getItem(KEY)).toContain('Ida');
    setSession({ ...session, accessToken: 'token-2' }, { keep: false });
    expect(sessionStorage.getItem(KEY)).toContain('token-2');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('is forgotten from both on sign-out', () => {
    setSession(session, { keep: true });
    sessionStorage.setItem(KEY, JSON.stringify(session));
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});
