import { MSG, formatLongDate } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ProfileResults } from "../../src/features/profiles/ProfileResults";
import type { ProfileSearch } from "../../src/features/profiles/profile-search";

afterEach(cleanup);

/** The results of a search that found nobody, in a memory router (the pages after the first load through it). */
function renderEmpty(search: ProfileSearch) {
  const router = createMemoryRouter(
    [{ path: "/profile/list", Component: () => <ProfileResults first={{ items: [], nextCursor: null, ignoredWords: [] }} search={search} /> }],
    { initialEntries: ["/profile/list"] },
  );
  render(<RouterProvider router={router} />);
}

describe("ProfileResults with nobody found", () => {
  it("says an 'available on' date on a weekend is why, not the skill (nobody works weekends)", async () => {
    // 2026-11-28 is a Saturday.
    renderEmpty({ skills: ["SEO"], date: "2026-11-28", slot: "Morning" });
    const said = (await screen.findByRole("heading", { name: "No matches found" })).nextElementSibling!.textContent;
    expect(said).toBe(MSG.searchWeekend(formatLongDate("2026-11-28")));
    expect(said).toContain("weekend");
    expect(said).not.toContain("SEO");
  });

  it("still names the skill when the date is a weekday", async () => {
    // 2026-11-30 is a Monday.
    renderEmpty({ skills: ["SEO"], date: "2026-11-30" });
    expect((await screen.findByRole("heading", { name: "No matches found" })).nextElementSibling!.textContent).toBe(
      'No users found with the skill "SEO"',
    );
  });
});
