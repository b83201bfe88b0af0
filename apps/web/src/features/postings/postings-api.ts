import type { PostingData, Posting } from "@vam/shared";
import { api } from "../../api/client";

export function fetchPosting(id: string): Promise<Posting> {
  return api.get<Posting>(`/posts/${encodeURIComponent(id)}`);
}

/** The toggles on their way: each is sent after the one before has been answered. */
let toggles: Promise<unknown> = Promise.resolve();

/**
 * `POST /users/save`: saves the posting or forgets it; answers whether it is now saved. Toggles
 * are sent one after another, in the order asked, so that the last one has the final word.
 */
export function toggleSaved(postId: string): Promise<boolean> {
  const answer = toggles.then(async () => (await api.post<{ saved: boolean }>("/users/save", { postId })).saved);
  toggles = answer.catch(() => undefined);
  return answer;
}

export function createPosting(data: PostingData): Promise<Posting> {
  return api.post<Posting>("/posts", data);
}

export function updatePosting(id: string, data: PostingData): Promise<Posting> {
  return api.put<Posting>(`/posts/${encodeURIComponent(id)}`, data);
}

export function deletePosting(id: string): Promise<unknown> {
  return api.delete(`/posts/${encodeURIComponent(id)}`);
}
