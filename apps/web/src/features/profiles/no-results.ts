import type { ProfileSearch } from "./profiles-api";

/** What an empty result says, naming the first search criterion present. */
export function noResultsMessage({ userName, location, skills }: ProfileSearch): string {
  if (userName) return `No users found with the name "${userName}"`;
  if (location) return `No users found in location "${location}"`;
  if (skills) return `No users found with the skill "${skills}"`;
  return "No profiles found";
}
