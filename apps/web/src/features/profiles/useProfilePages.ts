import type { ProfilePage, ProfilePost } from "@vam/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchProfilePage, type ProfileSearch } from "./profiles-api";

interface ProfilePages {
  items: ProfilePost[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  loadMore: () => void;
}

/**
 * The profile list from its first page on, growing a page at a time. Mount it again
 * (a new `key`) for a new search: it keeps no memory of the previous one.
 */
export function useProfilePages(first: ProfilePage, search: ProfileSearch): ProfilePages {
  const [items, setItems] = useState(first.items);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const loadMore = useCallback(() => {
    if (!cursor || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    setLoadMoreFailed(false);
    fetchProfilePage(search, cursor)
      .then((page) => {
        if (!mounted.current) return;
        setItems((shown) => {
          const seen = new Set(shown.map((item) => item.id));
          return [...shown, ...page.items.filter((item) => !seen.has(item.id))];
        });
        setCursor(page.nextCursor);
      })
      .catch(() => {
        if (mounted.current) setLoadMoreFailed(true);
      })
      .finally(() => {
        busy.current = false;
        if (mounted.current) setLoadingMore(false);
      });
  }, [cursor, search]);

  return { items, hasMore: cursor !== null, loadingMore, loadMoreFailed, loadMore };
}
