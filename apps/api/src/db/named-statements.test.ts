// Named prepared statements for raw SQL (executeNamed, issue 22) against a real PostgreSQL: a statement whose text
// varies with its input gets one name per text, so node-postgres never sees two texts under one name (it refuses
// that), and one connection reuses the statement PostgreSQL prepared the first time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { executeNamed, statementName, type Database } from './index.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('executeNamed', () => {
  it('names each text once and never gives two texts one name', () => {
    const a = statementName('t_shape', 'select 1');
    const b = statementName('t_shape', 'select 2');
    expect(a).toMatch(/^t_shape_[\w-]{12}$/);
    expect(b).not.toBe(a);
    expect(statementName('t_shape', 'select 1')).toBe(a);
  });

  it('runs statements of different shapes under one prefix in one transaction, each prepared once', async () => {
    const shapes = [[1], [1, 2], [1, 2, 3], [4, 5]];
    const sums = await database.db.transaction(async (tx) => {
      const out: number[] = [];
      // Twice over: the second round executes the statements this connection has already prepared.
      for (let round = 0; round < 2; round++) {
        for (const values of shapes) {
          const { rows } = await executeNamed<{ total: string }>(
            tx,
            't_sum',
            sql`select (${sql.join(
              values.map((v) => sql`${v}::int`),
              sql` + `,
            )})::text as total`,
          );
          out.push(Number(rows[0]!.total));
        }
      }
      const { rows } = await tx.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where name like 't_sum_%' order by name`,
      );
      return { out, prepared: rows.map((r) => r.name) };
    });
    expect(sums.out).toEqual([1, 3, 6, 9, 1, 3, 6, 9]);
    // One prepared statement per shape whose value list differs in length ([1, 2] and [4, 5] share a text).
    expect(sums.prepared).toHaveLength(3);
  });
});
