import type { ProfilePage, ProjectPost, UserProfile } from "@vam/shared";
import { api } from "../../api/client";

/** The search criteria of the profile list, as read from the URL. */
export interface ProfileSearch {
  userName?: string;
  location?: string;
  skills?: string;
}

export function searchFromUrl(params: URLSearchParams): ProfileSearch {
  const value = (name: keyof ProfileSearch) => params.get(name)?.trim() || undefined;
  return { userName: value("userName"), location: value("location"), skills: value("skills") };
}

export function isFiltered(search: ProfileSearch): boolean {
  return Boolean(search.userName || search.location || search.skills);
}

export function fetchProfilePage(search: ProfileSearch, cursor?: string): Promise<ProfilePage> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...search, cursor })) if (value) query.set(name, value);
  const qs = query.toString();
  return api.get<ProfilePage>(`/profiles/posts${qs ? `?${qs}` : ""}`);
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
