import { describe, expect, it } from "vitest";
import { LATER_DATA, LATER_PAGES } from "../src/later-paths";
import { laterFeatures } from "../src/later-routes";

/** The path of each route, with those of its children. */
const pathsOf = (routes: { path?: string; children?: unknown[] }[]): string[] =>
  routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf((route.children ?? []) as typeof routes)]);

describe("the routes found when first needed (router.tsx, decision 0043)", () => {
  it("are known by their addresses from the start: later-paths.ts lists every page and data route of later-routes.ts", () => {
    const pages = pathsOf(laterFeatures.flatMap((feature) => feature.signedInPages ?? []));
    const data = pathsOf(laterFeatures.flatMap((feature) => feature.dataRoutes ?? []));
    expect([...LATER_PAGES].sort()).toEqual(pages.sort());
    expect([...LATER_DATA].sort()).toEqual(data.sort());
  });
});
