// Causes directory /causes (spec core §2; features §7 GET /causes): a name search and a category filter in a plain GET
// form (works without JavaScript), cause cards with what has been raised, and paging.
import { Form, Link } from 'react-router';
import { CAUSE_CATEGORIES, moneyToCents } from '@shop/contracts';
import { CAUSES_PAGE_SIZE, loadCauses } from '../../features/raffles/raffles.server.ts';
import { categoryLabel, money } from '../../features/raffles/raffle-format.ts';
import { useSiteFormat } from '../../features/raffles/raffle-site.ts';
import { notFound } from '../../lib/route-errors.ts';
import type { Route } from './+types/causes';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rawCategory = url.searchParams.get('category') ?? '';
  // An unknown category filters nothing rather than failing: the select offers only the known ones.
  const category = (CAUSE_CATEGORIES as readonly string[]).includes(rawCategory) ? rawCategory : null;
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const pageParam = url.searchParams.get('page') ?? '1';
  if (!/^[1-9][0-9]{0,5}$/.test(pageParam)) notFound();
  const page = Number(pageParam);
  const { causes, total } = await loadCauses(context, request, { category, q: q || null, page });
  const pages = total === null ? page : Math.max(1, Math.ceil(total / CAUSES_PAGE_SIZE));
  return { causes, total, page, pages, category, q };
}

export function meta() {
  return [{ title: 'Causes' }];
}

function pageHref(page: number, category: string | null, q: string): string {
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (category) p.set('category', category);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `/causes?${s}` : '/causes';
}

export default function Causes({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { causes, total, page, pages, category, q } = loaderData;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Causes</h1>
      <p>The charities our raffles raise money for. Find one you care about and see its raffles.</p>
      <Form
        method="get"
        action="/causes"
        role="search"
        aria-label="Find a cause"
        className="flex flex-col gap-0.5 rounded-theme bg-surface p-1 md:flex-row md:items-end"
      >
        <div className="flex flex-1 flex-col gap-0.25">
          <label htmlFor="causes-q" className="font-semibold">
            Search causes
          </label>
          <input
            id="causes-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className="block min-h-[44px] w-full rounded-theme border border-[#767676] bg-white px-0.5 text-base"
          />
        </div>
        <div className="flex flex-col gap-0.25">
          <label htmlFor="causes-category" className="font-semibold">
            Category
          </label>
          <select
            id="causes-category"
            name="category"
            defaultValue={category ?? ''}
            className="block min-h-[44px] rounded-theme border border-[#767676] bg-white px-0.5 text-base"
          >
            <option value="">All categories</option>
            {CAUSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </Form>
      <p className="text-sm" aria-live="polite" data-testid="causes-count">
        {total === null ? '' : total === 1 ? '1 cause' : `${total} causes`}
        {q ? ` matching “${q}”` : ''}
        {category ? ` in ${categoryLabel(category)}` : ''}
      </p>
      {causes.length === 0 ? (
        <p data-testid="causes-empty">
          No causes match your search.{' '}
          <Link to="/causes" className="underline">
            See every cause
          </Link>
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3">
          {causes.map((c) => (
            <li key={c.id}>
              <article
                aria-labelledby={`cause-${c.slug}`}
                className="flex h-full flex-col gap-0.5 rounded-theme border border-black/10 bg-white p-1 shadow-theme"
                data-testid="cause-card"
              >
                <h2 id={`cause-${c.slug}`} className="text-xl font-bold text-brand">
                  <Link to={`/causes/${c.slug}`} className="no-underline hover:underline">
                    {c.name}
                  </Link>
                </h2>
                <p className="text-sm font-semibold">{categoryLabel(c.category)}</p>
                <p className="text-sm">{c.description}</p>
                <p className="mt-auto text-sm">
                  Raised so far:{' '}
                  <span className="font-bold tabular-nums">
                    {money(moneyToCents(c.amountRaised), c.amountRaised.currency, site)}
                  </span>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Causes pages" className="flex gap-1">
          {page > 1 ? (
            <Link to={pageHref(page - 1, category, q)} className="btn btn-secondary">
              Previous
            </Link>
          ) : null}
          <span className="self-center text-sm">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pageHref(page + 1, category, q)} className="btn btn-secondary">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
