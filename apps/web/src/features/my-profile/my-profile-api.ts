import type { Posting, SelfUser, UpdateUserInput } from "@vam/shared";
import { api } from "../../api/client";

export interface BookingTotals {
  totalHours: number;
  bookingsCount: number;
}

export async function fetchSavedPostings(): Promise<Posting[]> {
  const { savedProfiles } = await api.get<{ savedProfiles: Posting[] }>("/users/profilePosts");
  return savedProfiles;
}

export function fetchBookingTotals(): Promise<BookingTotals> {
  return api.get<BookingTotals>("/bookings/total-hours");
}

/** Whether the user has a public listing: one of their posts has 'Profile' in its title. */
export async function fetchHasListing(): Promise<boolean> {
  const posts = await api.get<{ id: string; title: string }[]>("/profiles/user-posts");
  return posts.some((post) => post.title.includes("Profile"));
}

export function makeProfilePublic(): Promise<{ data: { id: string; title: string } }> {
  return api.post("/profiles/profile");
}

/** `PUT /users/{id}`: the signed-in user's own fields; answers the saved user. */
export async function updateOwnUser(userId: string, input: UpdateUserInput): Promise<SelfUser> {
  return (await api.put<{ user: SelfUser }>(`/users/${encodeURIComponent(userId)}`, input)).user;
}
