// Newer / Older links of a paged list whose pages live at `${base}` (page 1) and `${base}/${n}`.
import { Link } from 'react-router';

export function Pager({ base, page, hasNext }: { base: string; page: number; hasNext: boolean }) {
  return (
    <nav aria-label="Pages" className="flex justify-between gap-1">
      {page > 1 ? (
        <Link to={page === 2 ? base : `${base}/${page - 1}`} className="btn btn-secondary">
          Newer
        </Link>
      ) : (
        <span />
      )}
      {hasNext ? (
        <Link to={`${base}/${page + 1}`} className="btn btn-secondary">
          Older
        </Link>
      ) : null}
    </nav>
  );
}
