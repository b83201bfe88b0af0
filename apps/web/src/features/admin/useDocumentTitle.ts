import { useEffect } from "react";

/** "Payments · Operator console" while the page is shown; the previous title comes back after. */
export function useDocumentTitle(page: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${page} · Operator console`;
    return () => {
      document.title = previous;
    };
  }, [page]);
}
