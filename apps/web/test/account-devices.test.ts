import type { AccountSession } from "@vam/shared";
import { describe, expect, it } from "vitest";
import { lastSeenText, signOutName, sortedDevices } from "../src/features/account/devices";

const device = (id: string, browser: string, lastSeenAt: string, current = false): AccountSession => ({
  id,
  browser,
  createdAt: "2026-11-01T00:00:00Z",
  lastSeenAt,
  current,
});

describe("signed-in devices", () => {
  it("lists this device first, then the others last seen first", () => {
    const sessions = [
      device("a", "Firefox 133 on Windows", "2026-11-20T00:00:00Z"),
      device("b", "Chrome 131 on Linux", "2026-11-19T00:00:00Z", true),
      device("c", "Safari 18 on iOS", "2026-11-22T00:00:00Z"),
    ];
    expect(sortedDevices(sessions).map((session) => session.id)).toEqual(["b", "c", "a"]);
    // The answer is left as it was.
    expect(sessions.map((session) => session.id)).toEqual(["a", "b", "c"]);
  });

  it("names a Sign out button by its browser, and by when it was last seen where two browsers are alike", () => {
    const one = device("a", "Chrome 131 on Linux", "2026-11-20T00:00:00Z");
    const other = device("b", "Firefox 133 on Windows", "2026-11-20T00:00:00Z");
    expect(signOutName(one, [one, other], "5 minutes ago")).toBe("Sign out Chrome 131 on Linux");
    const twin = device("c", "Chrome 131 on Linux", "2026-11-21T00:00:00Z");
    expect(signOutName(one, [one, other, twin], "5 minutes ago")).toBe("Sign out Chrome 131 on Linux, last seen 5 minutes ago");
  });

  it("words 'last seen' to follow in a sentence", () => {
    expect(lastSeenText("Just now")).toBe("just now");
    expect(lastSeenText("3 hours ago")).toBe("3 hours ago");
    expect(lastSeenText("Nov 3, 2026")).toBe("Nov 3, 2026");
  });
});
