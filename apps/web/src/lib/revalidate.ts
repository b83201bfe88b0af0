import type { ShouldRevalidateFunction } from "react-router";

/**
 * For a page whose loader acts on an emailed link once (checks or uses its token): read again only
 * when the address's query changes (another link), never after the page's own writes.
 */
export const revalidateOnNewQuery: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.search !== nextUrl.search;
