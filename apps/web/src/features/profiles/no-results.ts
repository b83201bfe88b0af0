import type { ProfileSearch } from "./profile-search";

/** What an empty result says, naming the first search criterion present. */
export function noResultsMessage({ userName, location, skills }: ProfileSearch): string {
  if (userName) return `No users found with the name "${userName}"`;
  if (location) return `No users found in location "${location}"`;
  if (skills.length > 0) return `No users found with the skill "${skills.join(", ")}"`;
  return "No profiles found";
}
