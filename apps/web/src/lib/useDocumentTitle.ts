import { useEffect } from "react";

/** The product's name, last in every page's title. */
export const PRODUCT_NAME = "VA Marketplace";

/** "Find Consultants · VA Marketplace", "Payments · Operator console · VA Marketplace": most specific first. */
export const documentTitle = (...parts: string[]) => [...parts.filter(Boolean), PRODUCT_NAME].join(" · ");

/**
 * The one way a page names itself in the browser's tab and history: every page (and the error
 * and console screens) calls it with its name; the previous title comes back when it goes.
 */
export function useDocumentTitle(...parts: string[]) {
  const title = documentTitle(...parts);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
