import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useSearchParams } from "react-router";
import { withParams } from "./admin-params";

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** What the list counts, singular and plural: ["user", "users"]. */
  noun: readonly [string, string];
}

/** "Page 2 of 5 · 112 users" with Previous page / Next page, which write `page` into the URL. */
export function Pagination({ page, pageSize, total, noun }: PaginationProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const count = `${total} ${total === 1 ? noun[0] : noun[1]}`;
  if (total <= pageSize && page <= 1) return <p className="text-sm text-slate-400">{count}</p>;

  const go = (next: number) => {
    setSearchParams(withParams(searchParams, { page: next }));
    window.scrollTo({ top: 0 });
  };

  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-400" aria-live="polite">
        Page {page} of {pages} · {count}
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => go(Math.min(page - 1, pages))}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous page
        </button>
        <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => go(page + 1)}>
          Next page
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
