// Winners' emails on a real database: after a paid draw each winning customer gets exactly one email with the total
// they won (even when the step runs again), losers and closed accounts get none, and an unpaid draw sends nothing.
import type { DrawResult } from '@shop/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app.ts';
import { signUpAndLogin } from '../../test/helpers/customers.ts';

const RESULT: DrawResult = { numbers: [3, 8, 15, 22, 29, 36, 41], supplementaries: [5, 12, 44] };
const DIVIDENDS = [1, 2, 3, 4, 5, 6, 7].map((division) => ({
  division,
  prizeCents: [0, 100_000_000, 4_750_000, 460_000, 37_900, 5_200, 2_600, 1_600][division]!,
}));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } } });
});
afterAll(() => t.close());

describe("emailing a draw's winners", () => {
  it('queues one email per winning customer with their total, once, and none before the draw is paid', async () => {
    const db = t.database.db;
    const { draws, orders, ledger, settlement, winnerEmails } = t.services;

    const winner = await signUpAndLogin(t);
    const loser = await signUpAndLogin(t);
    await draws.ensureSchedule('oz-lotto');
    const draw = (await draws.upcomingDraws('oz-lotto', 1))[0]!;
    const line = (customerId: string, numbers: number[]) => ({
      customerId,
      drawId: draw.id,
      gameKey: 'oz-lotto' as const,
      gameType: 'standard' as const,
      sets: { numbers },
    });
    await orders.addTicketLines(db, [
      line(winner.customerId, [3, 8, 15, 22, 29, 36, 1]), // 6 main numbers
      line(winner.customerId, [3, 8, 15, 22, 2, 4, 6]), // 4 main numbers
      line(loser.customerId, [1, 2, 4, 6, 7, 9, 10]),
    ]);
    await draws.close(draw.id);
    await draws.recordResult(draw.id, RESULT, DIVIDENDS, 'manual');
    expect(await winnerEmails.emailWinners(draw.id)).toBe(0);

    await settlement.settle(draw.id);
    const won = (await orders.winnersByCustomer(draw.id)).find((w) => w.customerId === winner.customerId)!;
    expect(won.lines).toBe(2);
    expect(await winnerEmails.emailWinners(draw.id)).toBe(1);
    expect(await winnerEmails.emailWinners(draw.id)).toBe(0);

    const mails = await t.database.pool.query<{ to_address: string }>(
      "SELECT to_address FROM notifications_outbox WHERE kind = 'draw_winner'",
    );
    expect(mails.rows).toHaveLength(1);
    const amount = `$${(won.prizeCents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
    expect(mails.rows[0]!.to_address).toBe(winner.email.toLowerCase());
    const [mail] = await t.services.outbox.outboxFor(winner.email, ['draw_winner']);
    expect(mail!.subject).toBe(`You won ${amount} in Oz Lotto draw ${draw.drawNo}`);
    expect(mail!.textBody).toContain(`/oz-lotto/results/draw/${draw.drawNo}`);
    expect((await ledger.fundsSummary(winner.customerId)).withdrawableCents).toBe(won.prizeCents);
  });
});
