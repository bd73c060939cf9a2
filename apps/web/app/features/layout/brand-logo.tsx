// The brand mark: the CMS theme's logo (when it has one) beside the site name. The surrounding link carries the
// accessible name, so the image itself is decorative.
export function BrandLogo({
  siteName,
  logoUrl,
  variant,
  compact = false,
}: {
  siteName: string;
  logoUrl: string | null;
  variant: 'white' | 'default';
  compact?: boolean;
}) {
  return (
    <span
      className={`inline-flex items-center gap-0.5 text-lg font-extrabold tracking-tight ${variant === 'white' ? 'text-white' : 'text-brand'}`}
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" className="block size-[36px]" width={36} height={36} />
      ) : (
        <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
          <circle cx="18" cy="18" r="17" fill="var(--color-brand-secondary)" />
        </svg>
      )}
      {/* Compact (phone header): the mark alone; the link's accessible name still says the site name. */}
      <span className={compact ? 'hidden whitespace-nowrap md:inline' : 'whitespace-nowrap'}>{siteName}</span>
    </span>
  );
}
