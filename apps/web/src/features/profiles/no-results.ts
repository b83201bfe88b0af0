import { MSG, formatLongDate, isWeekend } from "@vam/shared";
import type { ProfileSearch } from "../search/public";

/**
 * What an empty result says: a weekend "available on" date first (nobody works weekends, so that is
 * why, whatever else was asked), else the first search criterion present.
 */
export function noResultsMessage({ userName, location, skills, date }: ProfileSearch): string {
  if (date && isWeekend(date)) return MSG.searchWeekend(formatLongDate(date));
  if (userName) return `No users found with the name "${userName}"`;
  if (location) return `No users found in location "${location}"`;
  if (skills.length > 0) return `No users found with the skill "${skills.join(", ")}"`;
  return "No profiles found";
}
