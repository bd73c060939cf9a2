// The responsible-gaming page's own part (issue 8 §6): where to get help (Gambling Help 1800 858 858), the tools the
// shop offers, and the odds of each game.
import { Link } from 'react-router';
import { oddsLabel, type OddsRow } from './odds.ts';

export function HelpAndTools({ helpLine }: { helpLine: string }) {
  return (
    <section className="page-container py-1" aria-labelledby="rg-help-heading">
      <h2 id="rg-help-heading" className="mb-0.5 text-2xl font-bold">
        Get help
      </h2>
      <p className="mb-1 rounded-theme border-l-4 border-brand bg-surface p-1 text-lg" data-testid="gambling-help-line">
        Gambling Help:{' '}
        <a href={`tel:${helpLine.replace(/\s/g, '')}`} className="font-bold underline">
          {helpLine}
        </a>{' '}
        (free, confidential, 24 hours a day, 7 days a week).
      </p>
      <h2 className="mb-0.5 text-2xl font-bold">Stay in control</h2>
      <ul className="mb-1 grid gap-0.5 sm:grid-cols-2">
        <li>
          <Link to="/my-account/spend-limits" className="underline">
            Set spend and deposit limits
          </Link>
        </li>
        <li>
          <Link to="/my-account/precommitment-limit" className="underline">
            Set a pre-commitment limit
          </Link>
        </li>
        <li>
          <Link to="/my-account/responsible-gambling" className="underline">
            Take a break or exclude yourself
          </Link>
        </li>
        <li>
          <Link to="/close-my-account" className="underline">
            Close your account
          </Link>
        </li>
      </ul>
    </section>
  );
}

export function OddsTables({ games, locale }: { games: readonly OddsRow[]; locale: string }) {
  return (
    <section className="page-container py-1" aria-labelledby="rg-odds-heading" data-testid="game-odds">
      <h2 id="rg-odds-heading" className="mb-0.5 text-2xl font-bold">
        The odds of each game
      </h2>
      <p className="mb-1">
        The odds of winning with one game in one draw. Raffles: your chance is the number of tickets you hold divided by
        the number of tickets sold, for each prize.
      </p>
      <div className="grid gap-1 md:grid-cols-2">
        {games.map((g) => (
          <div key={g.key} className="overflow-x-auto rounded-theme border border-[#c4c4c4] p-1" data-game={g.key}>
            <table className="w-full border-collapse text-left">
              <caption className="mb-0.5 text-left text-xl font-bold">{g.name}</caption>
              <thead>
                <tr className="border-b border-[#c4c4c4]">
                  <th scope="col" className="py-[4px] pr-0.5">
                    Division
                  </th>
                  <th scope="col" className="py-[4px] pr-0.5">
                    Match
                  </th>
                  <th scope="col" className="py-[4px]">
                    Odds
                  </th>
                </tr>
              </thead>
              <tbody>
                {g.divisions.map((d) => (
                  <tr key={d.division} className="border-b border-[#e0e0e0]">
                    <td className="py-[4px] pr-0.5">{d.division}</td>
                    <td className="py-[4px] pr-0.5">{d.label}</td>
                    <td className="whitespace-nowrap py-[4px]">{oddsLabel(d.odds, locale)}</td>
                  </tr>
                ))}
              </tbody>
              {g.anyPrize !== null ? (
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2} className="py-[4px] pr-0.5 text-left">
                      Any prize
                    </th>
                    <td className="py-[4px] font-bold">{oddsLabel(g.anyPrize, locale)}</td>
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}
