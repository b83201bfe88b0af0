import { MSG, formatLongDate } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ProfileResults } from "../../src/features/profiles/ProfileResults";
import type { ProfileSearch } from "../../src/features/search/profile-search";

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

describe("ProfileResults' avatars", () => {
  it("fetches the first card's avatar first (the list's largest paint), the first row at once, and the rest when scrolled near", async () => {
    const post = (n: number) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      userId: `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`,
      title: `Person ${n} Profile`,
      username: `person_${n}`,
      firstName: "Person",
      lastName: String(n),
      avatar: `/uploads/avatars/person-${n}.jpg`,
      role: "Assistant" as const,
      location: "Cebu City",
      skills: [],
      salaryRate: null,
      experience: "1-3 years",
      availability: "Part-time",
      bio: null,
      rating: null,
      reviewCount: 0,
      responseTime: "Within 24 hours",
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
      memberSince: "2026-11-01T00:00:00.000Z",
      matches: [],
    });
    const router = createMemoryRouter(
      [
        {
          path: "/profile/list",
          Component: () => (
            <ProfileResults first={{ items: [1, 2, 3, 4, 5, 6].map(post), nextCursor: null, ignoredWords: [] }} search={{ skills: [] }} />
          ),
        },
      ],
      { initialEntries: ["/profile/list"] },
    );
    render(<RouterProvider router={router} />);
    const avatars = await screen.findAllByRole("presentation");
    const images = avatars.filter((element): element is HTMLImageElement => element instanceof HTMLImageElement);
    expect(images.map((image) => [image.getAttribute("fetchpriority"), image.getAttribute("loading")])).toEqual([
      ["high", null],
      [null, null],
      [null, null],
      [null, null],
      [null, "lazy"],
      [null, "lazy"],
    ]);
  });
});
