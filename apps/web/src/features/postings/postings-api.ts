import type { PostingData, Posting } from "@vam/shared";
import { api } from "../../api/client";

export function fetchPosting(id: string): Promise<Posting> {
  return api.get<Posting>(`/posts/${encodeURIComponent(id)}`);
}

export async function toggleSaved(postId: string): Promise<boolean> {
  const { saved } = await api.post<{ saved: boolean }>("/users/save", { postId });
  return saved;
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
