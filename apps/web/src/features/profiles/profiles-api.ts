import type { ProfilePage, ProjectPost, UserProfile } from "@vam/shared";
import { api } from "../../api/client";
import { searchQuery, type ProfileSearch, type SuggestField } from "../search/public";

export function fetchProfilePage(search: ProfileSearch, cursor?: string | null): Promise<ProfilePage> {
  const qs = searchQuery(search, cursor).toString();
  return api.get<ProfilePage>(`/profiles/posts${qs ? `?${qs}` : ""}`);
}

/** Up to 8 values for the field, each the whole text to put in it; `signal` cancels a request that a newer one replaced. */
export async function fetchSuggestions(field: SuggestField, q: string, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.get<{ suggestions: string[] }>(`/profiles/suggest?${new URLSearchParams({ field, q }).toString()}`, { signal });
  return answer.suggestions;
}

export function deleteListing(listingId: string): Promise<unknown> {
  return api.delete(`/profiles/posts/${encodeURIComponent(listingId)}`);
}

export function fetchUserProfile(userId: string): Promise<UserProfile> {
  return api.get<UserProfile>(`/profiles/${encodeURIComponent(userId)}`);
}

export function fetchUserProjects(userId: string): Promise<ProjectPost[]> {
  return api.get<ProjectPost[]>(`/profiles/posts/${encodeURIComponent(userId)}`);
}
