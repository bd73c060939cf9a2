// raffle:postal-entry, draw:advance / raffle:draw and raffle:verify on the seeded demo raffles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testServices } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { RAFFLE_SEED } from '../../modules/raffles/index.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';

let database: Database;
const config = testConfig();
const clock = fixedClock(new Date());

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const ops = (...argv: string[]) => runOpsCaptured(argv, { config, clock, database });

describe('raffle operator commands', () => {
  it('records postal entries, draws with draw:advance (idempotent via raffle:draw) and verifies the result', async () => {
    const raffles = testServices(database, { clock, config }).raffleLifecycle;
    const draw = (await raffles.repo.drawByNumber(database.db, RAFFLE_SEED.surfCar, 2))!;

    const bad = await ops('raffle:postal-entry', '--draw', draw.publicId);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--customer cus_<id> is required.');
    for (const c of ['cus_postalcli01', 'cus_postalcli02', 'cus_postalcli03']) {
      const r = await ops('raffle:postal-entry', '--draw', draw.publicId, '--customer', c);
      expect(r.code).toBe(0);
      expect(r.out).toContain('(no charge)');
    }
    expect((await raffles.repo.drawByPublicId(database.db, draw.publicId))!.sold).toBe(3);

    const notYet = await ops('raffle:verify', '--draw', draw.publicId);
    expect(notYet.code).toBe(1);
    expect(notYet.err).toContain('its seed is published when it is drawn');

    const advanced = await ops('draw:advance', '--offer', RAFFLE_SEED.surfCar);
    expect(advanced.code).toBe(0);
    expect(advanced.out).toContain(`Seed: ${draw.seed}`);
    expect(advanced.out).toMatch(/Prize 1: ticket [123]/);
    expect(advanced.out).toContain('is paid');

    const again = await ops('raffle:draw', '--offer', RAFFLE_SEED.surfCar, '--draw', '2');
    expect(again.code).toBe(0);
    expect(again.out).toContain('was already drawn');
    expect(again.out.match(/Prize \d: ticket \d+/g)).toEqual(advanced.out.match(/Prize \d: ticket \d+/g));

    const verified = await ops('raffle:verify', '--offer', RAFFLE_SEED.surfCar, '--draw', '2');
    expect(verified.code).toBe(0);
    expect(verified.out).toContain('Commitment matches the seed.');
    expect(verified.out).toContain('Verified');

    // A ticket slipped into the list after the close is caught.
    await database.pool.query(
      'insert into raffles_tickets (draw_id, ticket_number, entry_id, customer_id, postal, created_at) select draw_id, 4, entry_id, customer_id, true, created_at from raffles_tickets where draw_id = $1 and ticket_number = 1',
      [draw.id],
    );
    const tampered = await ops('raffle:verify', '--draw', draw.publicId);
    expect(tampered.code).toBe(1);
    expect(tampered.out).toContain('Sold-list hash DOES NOT match');
    expect(tampered.out).toContain('NOT VERIFIED');
  });

  it('refuses unknown raffles and draws with a usage error', async () => {
    expect((await ops('raffle:draw', '--offer', 'no-such-raffle')).code).toBe(1);
    expect((await ops('raffle:draw', '--draw', 'raf_doesnotexist')).code).toBe(1);
    expect((await ops('raffle:verify', '--offer', RAFFLE_SEED.surfCar, '--draw', 'x')).code).toBe(1);
  });
});
