import type { AccountSession } from "@vam/shared";

/** This device first, then the others, last seen first. */
export function sortedDevices(sessions: readonly AccountSession[]): AccountSession[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * The name of a device's Sign out button, which tells the rows apart: "Sign out Chrome 131 on
 * Linux", and when another device has the same browser, when it was last seen too.
 */
export function signOutName(session: AccountSession, sessions: readonly AccountSession[], lastSeen: string): string {
  const twin = sessions.some((other) => other.id !== session.id && other.browser === session.browser);
  return `Sign out ${session.browser}${twin ? `, last seen ${lastSeen}` : ""}`;
}

/** "just now", "5 minutes ago", "Nov 3, 2026": when a device was last seen, to follow "Last seen". */
export const lastSeenText = (relative: string) => (relative === "Just now" ? "just now" : relative);
