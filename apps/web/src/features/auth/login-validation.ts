import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest } from '@ledgerdesk/contracts';

/** The login form's check, loaded apart from the login page (see lib/lazy-resolver.ts). */
export const loginResolver = zodResolver(loginRequest);
