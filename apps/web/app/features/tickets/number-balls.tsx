// Lottery numbers drawn as balls (tickets, cart, receipt, raffles). A matched number is not told by colour alone
// (WCAG 1.4.1): it is filled, bold, carries a tick and an sr-only "matched". A blank (null) shows an empty ball.

export type BallVariant = 'main' | 'bonus';
export type BallSize = 'sm' | 'md' | 'lg';

const SIZE: Record<BallSize, string> = {
  sm: 'size-[28px] text-xs',
  md: 'size-[36px] text-sm',
  lg: 'size-[44px] text-base',
};

export interface NumberBallsProps {
  numbers: readonly (number | null)[];
  /** Numbers to highlight as matched against the result. */
  matched?: readonly number[];
  /** The draw's supplementaries: a matched one of these is shown as a supplementary match, not a main one. */
  supplementaries?: readonly number[];
  variant?: BallVariant;
  size?: BallSize;
  /** Names the list for assistive technology, e.g. "Game 1 numbers". */
  label?: string;
  className?: string;
}

export function ballClass(variant: BallVariant, matched: boolean, size: BallSize, supplementary = false): string {
  const base = `relative inline-flex shrink-0 items-center justify-center rounded-full border-2 tabular-nums ${SIZE[size]}`;
  if (matched && supplementary) return `${base} border-brand-secondary bg-brand-secondary font-extrabold text-black`;
  if (matched) return `${base} border-success bg-success font-extrabold text-white`;
  return variant === 'bonus'
    ? `${base} border-brand-secondary bg-white font-semibold text-mono`
    : `${base} border-brand bg-white font-semibold text-mono`;
}

export function NumberBalls({
  numbers,
  matched = [],
  supplementaries = [],
  variant = 'main',
  size = 'md',
  label,
  className = '',
}: NumberBallsProps) {
  return (
    <ul
      className={`flex flex-wrap items-center gap-0.25 ${className}`}
      aria-label={label}
      data-testid="number-balls"
      data-variant={variant}
    >
      {numbers.map((n, i) => {
        const hit = n !== null && matched.includes(n);
        const supp = hit && supplementaries.includes(n);
        return (
          <li
            key={`${i}-${n ?? 'blank'}`}
            className={ballClass(variant, hit, size, supp)}
            data-matched={hit ? (supp ? 'supplementary' : 'true') : undefined}
          >
            {n === null ? (
              <span className="sr-only">blank</span>
            ) : (
              <>
                <span>{n}</span>
                {hit ? (
                  <>
                    <span
                      aria-hidden="true"
                      className={`absolute -right-[4px] -top-[4px] flex size-[14px] items-center justify-center rounded-full bg-white text-[10px] font-bold ring-1 ${supp ? 'text-black ring-black' : 'text-success ring-success'}`}
                    >
                      {supp ? 'S' : '✓'}
                    </span>
                    <span className="sr-only">{supp ? ' matched supplementary' : ' matched'}</span>
                  </>
                ) : null}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
