import { asc, eq } from 'drizzle-orm';
import { OperatorName, type OperatorRole, type OperatorRow } from '@invest/shared/contract';
import { hashPassword, generatePassword } from '../auth/passwords';
import type { Db, DbOrTx } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { operators, type Operator } from '../db/schema';
import { audit } from './audit';

export async function findOperatorByName(db: DbOrTx, username: string): Promise<Operator | null> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username)).limit(1);
  return row ?? null;
}

export async function findOperatorById(db: DbOrTx, id: number): Promise<Operator | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row ?? null;
}

export class OperatorExistsError extends Error {
  override name = 'OperatorExistsError';
}

export interface CreatedOperator {
  id: number;
  username: string;
  role: OperatorRole;
  /** The password: the one given, or a generated one to hand over once. */
  password: string;
  generated: boolean;
}

/**
 * Creates an operator and audits it in one transaction. `via` says who did it ('cli', 'seed', or an
 * operator id when an operator creates another one). Throws OperatorExistsError on a taken name.
 */
export async function createOperator(
  db: Db,
  input: { username: string; role?: OperatorRole; password?: string; via: 'cli' | 'seed' | { operatorId: number } },
): Promise<CreatedOperator> {
  const role = input.role ?? 'admin';
  const username = OperatorName.parse(input.username);
  const generated = input.password === undefined;
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const actor = typeof input.via === 'object' ? input.via.operatorId : null;
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(operators).values({ username, passwordHash, role }).returning({ id: operators.id });
      if (!row) throw new Error('insert into operators returned no row');
      await audit(tx, {
        operatorId: actor,
        action: 'ops.create',
        target: username,
        detail: { via: typeof input.via === 'string' ? input.via : 'operator', operatorId: row.id, after: { role } },
      });
      return row.id;
    });
    return { id, username, role, password, generated };
  } catch (err) {
    if (isUniqueViolation(err, 'operators_username_unique')) {
      throw new OperatorExistsError(`operator "${username}" already exists`);
    }
    throw err;
  }
}

export const toOperatorRow = (o: Operator): OperatorRow => ({ id: o.id, user: o.username, role: o.role, created_at: o.createdAt.toISOString() });

export async function listOperators(db: DbOrTx): Promise<OperatorRow[]> {
  return (await db.select().from(operators).orderBy(asc(operators.id))).map(toOperatorRow);
}
