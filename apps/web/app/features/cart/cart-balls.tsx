// Numbers as balls in the cart and on the receipt; a blank (a quickpick filled at purchase) is an empty ball.
export function NumberBalls({
  numbers,
  variant = 'main',
  label,
}: {
  numbers: readonly (number | null)[];
  variant?: 'main' | 'bonus';
  size?: 'sm';
  label?: string;
}) {
  const ring = variant === 'bonus' ? 'border-brand-secondary' : 'border-brand';
  return (
    <ul
      className="flex flex-wrap items-center gap-0.25"
      aria-label={label}
      data-testid="number-balls"
      data-variant={variant}
    >
      {numbers.map((n, i) => (
        <li
          key={`${i}-${n ?? 'blank'}`}
          className={`inline-flex size-[28px] shrink-0 items-center justify-center rounded-full border-2 bg-white text-xs font-semibold tabular-nums ${ring}`}
        >
          {n === null ? <span className="sr-only">blank</span> : n}
        </li>
      ))}
    </ul>
  );
}
