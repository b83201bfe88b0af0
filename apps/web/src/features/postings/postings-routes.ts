/**
 * The postings data routes (`/data/postings` and `/data/postings/:id`, declared with the others in
 * router.tsx's `/data` branch; their action is `postingAction` in postings-data.ts).
 */
export const postingsHref = (postingId?: string) => (postingId ? `/data/postings/${encodeURIComponent(postingId)}` : "/data/postings");
