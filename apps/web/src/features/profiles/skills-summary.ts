import { SKILLS_PREVIEW } from "@vam/shared";

/** "Writing, SEO, AI +2 more", or "No skills listed". */
export function skillsSummary(skills: readonly string[]): string {
  if (skills.length === 0) return "No skills listed";
  const shown = skills.slice(0, SKILLS_PREVIEW).join(", ");
  const more = skills.length - SKILLS_PREVIEW;
  return more > 0 ? `${shown} +${more} more` : shown;
}
