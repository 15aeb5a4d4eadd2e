import type { Config } from './config';
import { credentialsFile, type SeedResult } from './seed';

/**
 * What a start tells whoever ran it about the demo logins. The operator's password is printed by the start that
 * creates it and never again (a log or a terminal scroll-back is no place for a standing password); later starts say
 * where it is kept.
 */
export function startNotes(seeded: SeedResult, config: Pick<Config, 'dataDir'>): string[] {
  const notes: string[] = [];
  if (seeded.inviteCode) notes.push(`invitation code: ${seeded.inviteCode}`);
  const operator = seeded.operator;
  const file = credentialsFile(config);
  if (operator?.created) notes.push(`operator login (POST /api/ops/login): ${operator.user} / ${operator.password} (shown this once; kept in ${file})`);
  else if (operator) notes.push(`operator login (POST /api/ops/login): ${operator.user}, password in ${file}`);
  return notes;
}
