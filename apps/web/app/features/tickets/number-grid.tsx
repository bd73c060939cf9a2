// One number set of one game as a grid of real buttons (aria-pressed), labelled "Game 2 Numbers" for screen readers,
// with the live "3 of 7 chosen" count. A full set does not take more numbers: the other buttons say so
// (aria-disabled keeps them focusable, so keyboard users are not thrown out of the grid).
import { picked, type BuilderNumberSet } from './ticket-state.ts';

export interface NumberGridProps {
  gameIndex: number;
  set: BuilderNumberSet;
  values: readonly (number | null)[];
  onToggle(number: number): void;
  /** A number pressed while the set is full (nothing changes; the builder says why). */
  onFull?(number: number): void;
}

export function chosenText(count: number, pick: number): string {
  return `${count} of ${pick} chosen`;
}

export function NumberGrid({ gameIndex, set, values, onToggle, onFull }: NumberGridProps) {
  const chosen = picked(values);
  const full = chosen.length >= set.pick;
  const id = `game-${gameIndex}-${set.name}`;
  const numbers: number[] = [];
  for (let n = set.from; n <= set.to; n++) numbers.push(n);
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-count`}
      className="flex flex-col gap-0.5"
      data-testid={`grid-${set.name}`}
    >
      <div className="flex items-baseline justify-between gap-1">
        <h3 id={`${id}-label`} className="text-lg font-bold">
          <span className="sr-only">Game {gameIndex + 1} </span>
          {set.label}
        </h3>
        <p id={`${id}-count`} className="text-sm font-semibold" data-testid="chosen-count">
          {chosenText(chosen.length, set.pick)}
        </p>
      </div>
      <div className="grid grid-cols-7 gap-[4px] md:grid-cols-10">
        {numbers.map((n) => {
          const on = chosen.includes(n);
          const blocked = full && !on;
          return (
            <button
              key={n}
              type="button"
              aria-pressed={on}
              aria-disabled={blocked || undefined}
              onClick={() => {
                if (blocked) onFull?.(n);
                else onToggle(n);
              }}
              className={`flex h-[44px] w-full items-center justify-center rounded-full border-2 text-base tabular-nums ${
                on
                  ? 'border-brand bg-brand font-extrabold text-white'
                  : blocked
                    ? 'border-black/10 bg-white text-black/60'
                    : 'border-black/20 bg-white font-semibold hover:border-brand'
              }`}
            >
              {n}
            </button>
          );
        })}
      </div>
    </div>
  );
}
