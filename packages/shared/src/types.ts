import type { Role } from "./constants.js";

/** What anyone may see of a user. */
export interface PublicUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
  location: string;
  skills: string[];
  experience: string;
  availability: string;
  salaryRate: number | null;
  avatar: string | null;
  bio: string | null;
  rating: number;
  createdAt: string;
}

/** What a signed-in user sees of themselves. */
export interface SelfUser extends PublicUser {
  email: string;
  referralCode: string;
  referredBy: string | null;
  referralCount: number;
  referralBookings: number;
  moneyEarned: number;
}

export interface LoginResponse {
  userInfo: SelfUser;
  token: string;
}

export interface ApiError {
  message: string;
  field?: string;
}

/** A card of the profile list: an Assistant's public listing with their profile fields. */
export interface ProfilePost {
  id: string;
  userId: string;
  title: string;
  username: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  role: Role;
  location: string;
  skills: string[];
  salaryRate: number | null;
  experience: string;
  availability: string;
  bio: string | null;
  rating: number;
  responseTime: string;
  createdAt: string;
  updatedAt: string;
  /** When the user joined ("Member Since"). */
  memberSince: string;
}

export interface ProfilePage {
  items: ProfilePost[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** `GET /profiles/{userId}`: the user's public profile and their listing, if any. */
export interface UserProfile extends PublicUser {
  listing: { id: string; title: string; responseTime: string } | null;
}

export interface GalleryPhoto {
  id: string;
  imageUrl: string;
  isPublic: boolean;
  title: string | null;
  description: string | null;
  createdAt: string;
}

/** A posting as the projects grid shows it. */
export interface ProjectPost {
  id: string;
  title: string;
  images: string[];
  rate: number;
  createdAt: string;
}

/** `GET /posts/{id}`: the posting detail page. */
export interface Posting {
  id: string;
  title: string;
  address: string;
  rate: number;
  images: string[];
  days: string | null;
  bathroom: string | null;
  isSaved: boolean;
  createdAt: string;
  updatedAt: string;
  user: { id: string; avatar: string | null; username: string; firstName: string; lastName: string };
  postDetail: {
    /** Sanitised HTML. */
    desc: string;
    size: string | null;
    school: string | null;
    /** 1 when the platform verified the posting, else 0. */
    restaurant: 0 | 1;
  };
}
