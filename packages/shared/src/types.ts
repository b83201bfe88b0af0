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
