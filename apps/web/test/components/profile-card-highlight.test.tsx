import type { ProfilePost, SearchMatch } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ProfileCard } from "../../src/features/profiles/ProfileCard";

afterEach(cleanup);

const post = (extra: Partial<ProfilePost> = {}): ProfilePost => ({
  id: "l1",
  userId: "u1",
  title: "Virtual assistant",
  username: "gabriel_ocampo",
  firstName: "Gabriel",
  lastName: "Ocampo",
  avatar: null,
  role: "Assistant",
  location: "Las Piñas, Metro Manila",
  skills: ["SEO", "Software"],
  salaryRate: null,
  experience: "1-3 years",
  availability: "Full-time",
  bio: null,
  rating: null,
  reviewCount: 0,
  responseTime: "Within 24 hours",
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
  memberSince: "2026-11-01T00:00:00Z",
  ...extra,
});

const card = (matches: SearchMatch[], extra: Partial<ProfilePost> = {}) => {
  render(<ProfileCard post={{ ...post(extra), matches }} />);
  return screen.getByRole("article");
};
const marks = (element: HTMLElement) => [...element.querySelectorAll("mark")].map((mark) => mark.textContent);

describe("a profile card's marks of what the search matched", () => {
  it("marks the matched name word whole (a typo match) and the typed start of a place word (a prefix)", () => {
    const article = card([
      { field: "name", word: "gabriel", length: 7 },
      { field: "location", word: "pinas", length: 3 },
    ]);
    const heading = screen.getByRole("heading", { level: 2 });
    expect(marks(heading)).toEqual(["Gabriel"]);
    expect(heading.textContent).toBe("Gabriel Ocampo");
    // The card is still named by the whole name.
    expect(screen.getByRole("article", { name: "Gabriel Ocampo" })).toBe(article);
    const place = screen.getByText((_, element) => element?.textContent === "Las Piñas, Metro Manila" && element.tagName === "SPAN");
    expect(marks(place)).toEqual(["Piñ"]);
    expect(marks(article)).toEqual(["Gabriel", "Piñ"]);
  });

  it("marks a name match only in the name and a place match only in the place", () => {
    const article = card([{ field: "location", word: "ocampo", length: 6 }], { location: "Ocampo, Camarines Sur" });
    expect(marks(screen.getByRole("heading", { level: 2 }))).toEqual([]);
    expect(marks(article)).toEqual(["Ocampo"]);
  });

  it("marks nothing without matches (a list without a name or place search)", () => {
    expect(marks(card([]))).toEqual([]);
    cleanup();
    render(<ProfileCard post={post()} />);
    expect(marks(screen.getByRole("article"))).toEqual([]);
    expect(screen.getByText("Las Piñas, Metro Manila")).toBeTruthy();
  });

  it("keeps 'Location not specified' for a listing without a place", () => {
    card([{ field: "location", word: "manila", length: 6 }], { location: "" });
    expect(screen.getByText("Location not specified")).toBeTruthy();
  });
});
