/**
 * What an operator is there to do. `admin` may do everything (operators, settings, invitation codes, the ledger
 * check, the audit log); the others work their own queues.
 */
export const OPERATOR_ROLES = ['support', 'finance', 'products', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A call's place on the wire; the contract's CallDef (envelope.ts) adds its zod input and output schemas. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below /api. */
  path: string;
  /** Who may call: anyone, a logged-in user, or an operator. */
  auth: 'public' | 'user' | 'operator';
  /** On an operator call, the role it needs besides `admin` (who may call everything); none: every operator. */
  role?: OperatorRole;
  /**
   * A money call: the client sends an `Idempotency-Key` header, one per submit and the same when it retries after
   * a lost answer, and the server books the request once per key (a double tap or a retry changes nothing more).
   */
  idempotent?: boolean;
}

/**
 * A route with the types of what it takes and answers (as the contract's schemas infer them). The web apps call
 * through endpoints: the types cost nothing at run time, the schemas would cost zod.
 */
export interface Endpoint<I = unknown, O = unknown> extends Route {
  /** Never set: carries the input and output types. */
  readonly io?: { input: I; output: O };
}

/** What a call takes (its input schema's input type). */
export type CallInput<E extends Endpoint> = NonNullable<E['io']>['input'];
/** What a call answers in `data` (its output schema's output type). */
export type CallOutput<E extends Endpoint> = NonNullable<E['io']>['output'];
