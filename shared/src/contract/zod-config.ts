import { z } from 'zod';

/**
 * In the browser zod must not try `new Function`: the CSP allows no eval, and zod's probe for it (made when an
 * object schema is created) is reported as a securitypolicyviolation even though zod catches the refusal. Every
 * module that defines schemas reaches this first (envelope.ts and rules.ts import it before anything else). The
 * server keeps zod's compiled object parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
