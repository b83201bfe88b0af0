import type { ProfilePost, UserProfile } from "@vam/shared";
import type { UserRow } from "../session/authenticate.js";
import type { profiles } from "../db/schema.js";
import { toPublicUser } from "../users/public.js";

export type ProfileRow = typeof profiles.$inferSelect;

export function toProfilePost(profile: ProfileRow, user: UserRow): ProfilePost {
  return {
    id: profile.id,
    userId: user.id,
    title: profile.title,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    role: user.role,
    location: user.location,
    skills: user.skills,
    salaryRate: user.salaryRate,
    experience: user.experience,
    availability: user.availability,
    bio: user.bio,
    rating: user.ratingAverage,
    reviewCount: user.reviewCount,
    responseTime: profile.responseTime,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
    memberSince: user.createdAt.toISOString(),
  };
}

export function toUserProfile(user: UserRow, profile: ProfileRow | undefined): UserProfile {
  return {
    ...toPublicUser(user),
    listing: profile ? { id: profile.id, title: profile.title, responseTime: profile.responseTime } : null,
  };
}
