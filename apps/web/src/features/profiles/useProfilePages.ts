import type { ProfilePage, ProfilePost } from "@vam/shared";
import { usePages } from "../../lib/usePages";
import { searchQuery, type ProfileSearch } from "../search/public";
import { profilePageHref } from "./profiles-routes";

interface ProfilePages {
  items: ProfilePost[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  loadMore: () => void;
}

/**
 * The profile list from its first page (the page's loader) on, growing a page at a time through
 * the profiles data route. Mount it again (a new `key`) for a new search: it keeps no memory of
 * the previous one.
 */
export function useProfilePages(first: ProfilePage, search: ProfileSearch): ProfilePages {
  const { items, cursor, failed, loading, load } = usePages(first, (after) => profilePageHref(searchQuery(search, after)));
  return { items, hasMore: cursor !== null, loadingMore: loading, loadMoreFailed: failed, loadMore: () => cursor && load(cursor) };
}
