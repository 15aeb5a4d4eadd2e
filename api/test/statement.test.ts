import type { Database } from '../src/db/database';
import { runStatement } from '../src/db/statement';
import { backends, HOOK_TIMEOUT } from './harness';

const INSERT_SQL = `insert into settings (tag, value) values ($1, $2)`;
const READ_SQL = `select value from settings where tag = $1`;

describe.each(backends)('runStatement on $name', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  const read = async (tag: string) => (await runStatement<{ value: string }>(database.db, 'test_read', READ_SQL, [tag]))[0]?.value;

  beforeAll(async () => {
    ({ database, drop } = await backend.create());
  }, HOOK_TIMEOUT);
  afterAll(() => drop(), HOOK_TIMEOUT);

  it('gives a parameter referenced several times its one value', async () => {
    const sql = `select $1::int + $1::int as sum, $2::text || $1::text as text`;
    expect(await runStatement(database.db, 'test_repeat', sql, [2, 'n'])).toEqual([{ sum: 4, text: 'n2' }]);
    expect(await runStatement(database.db, 'test_repeat', sql, [5, 'm'])).toEqual([{ sum: 10, text: 'm5' }]);
  });

  it("runs on the caller's transaction: it sees its writes and is rolled back with it", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await runStatement(tx, 'test_insert', INSERT_SQL, ['test_rolled_back', 'a']);
        expect(await runStatement(tx, 'test_read', READ_SQL, ['test_rolled_back'])).toEqual([{ value: 'a' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read('test_rolled_back')).toBeUndefined();

    await database.db.transaction(async (tx) => {
      await runStatement(tx, 'test_insert', INSERT_SQL, ['test_committed', 'b']);
    });
    expect(await read('test_committed')).toBe('b');
  });

  if (backend.name === 'postgres') {
    it('is prepared under its name on the connection that runs it', async () => {
      const prepared = await database.db.transaction(async (tx) => {
        await runStatement(tx, 'test_read', READ_SQL, ['none']);
        return runStatement<{ name: string }>(tx, 'test_prepared', `select name from pg_prepared_statements where name like $1 order by name`, ['test_%']);
      });
      expect(prepared.map((p) => p.name)).toEqual(expect.arrayContaining(['test_prepared', 'test_read']));
    });
  }
});
