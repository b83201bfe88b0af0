import type { ProfilePage } from "@vam/shared";
import SearchX from "lucide-react/icons/search-x";
import { Spinner } from "../../components/Spinner";
import { ProfileCard } from "./ProfileCard";
import { noResultsMessage } from "./no-results";
import type { ProfileSearch } from "../search/public";
import { useNearEnd } from "./useNearEnd";
import { useProfilePages } from "./useProfilePages";

interface ProfileResultsProps {
  first: ProfilePage;
  search: ProfileSearch;
}

/** The grid of profile cards; more pages load as the end comes near, or with 'Load more'. */
/** The cards of the grid's first row at its widest (four columns): their avatars are fetched at once. */
const FIRST_ROW = 4;

export function ProfileResults({ first, search }: ProfileResultsProps) {
  const { items, hasMore, loadingMore, loadMoreFailed, loadMore } = useProfilePages(first, search);
  const sentinel = useNearEnd<HTMLDivElement>(loadMore, hasMore && !loadMoreFailed && !loadingMore);

  if (items.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-2 px-6 py-14 text-center">
        <SearchX aria-hidden="true" className="size-10 text-slate-500" />
        <h2 className="text-xl font-semibold text-white">No matches found</h2>
        <p className="text-slate-400">{noResultsMessage(search)}</p>
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {items.map((post, index) => (
          <li key={post.id} className="flex">
            <ProfileCard post={post} avatarPriority={index === 0 ? "first" : index >= FIRST_ROW ? "later" : undefined} />
          </li>
        ))}
      </ul>

      <div ref={sentinel} aria-hidden="true" />
      <div className="flex flex-col items-center gap-3">
        <div role="status" className="flex items-center gap-2 text-sm text-slate-400">
          {loadingMore && (
            <>
              <Spinner className="size-4" />
              Loading more profiles...
            </>
          )}
        </div>
        {loadMoreFailed && (
          <p role="alert" className="text-sm text-rose-300">
            Error loading profiles
          </p>
        )}
        {hasMore && (
          // Not disabled while loading: a disabled button would drop the keyboard focus.
          <button type="button" className="btn-secondary aria-disabled:opacity-60" aria-disabled={loadingMore} onClick={loadMore}>
            Load more
          </button>
        )}
      </div>
    </div>
  );
}
