import { MSG, type SelfUser } from "@vam/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fixClockAtManilaMorning } from "./manila-clock";
import { TimeZoneSection, zoneMatches } from "../../src/features/account/TimeZoneSection";
import type { SettingsChange, TimeZoneSaved } from "../../src/features/account/account-data";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import type { ActionResult } from "../../src/lib/actions";

// This device's zone, whatever the machine running the tests uses.
vi.mock("@vam/shared", async (original) => ({ ...(await original<typeof import("@vam/shared")>()), deviceTimeZone: () => "Europe/London" }));

// Monday, November 23, 2026, 08:00 in Manila: 4:00 PM on Sunday in Los Angeles, 12:00 AM in London.
fixClockAtManilaMorning();

const USER = { id: "u1", username: "liza", firstName: "Liza", lastName: "Mercado", role: "Boss", timeZone: "America/Los_Angeles" } as SelfUser;

interface Setup {
  timeZone?: string | null;
  /** The action's answer; null: it saves as the server would. */
  answer?: (change: SettingsChange) => ActionResult<TimeZoneSaved> | null;
}

/** The section on /settings, whose action records each change; `setUser` is the session's. */
function setup({ timeZone = "America/Los_Angeles", answer = () => null }: Setup = {}) {
  const changes: SettingsChange[] = [];
  const setUser = vi.fn();
  const auth: AuthContextValue = { user: { ...USER, timeZone }, token: "t", loading: false, logout: vi.fn(), setUser };
  const router = createMemoryRouter(
    [
      {
        path: "/settings",
        loader: () => null,
        action: async ({ request }) => {
          const change = (await request.json()) as SettingsChange;
          changes.push(change);
          const given = answer(change);
          if (given) return given;
          if (change.intent !== "timeZone") throw new Error("unexpected change");
          return { ok: true, data: { message: `Time zone saved: ${change.timeZone}`, user: { ...USER, timeZone: change.timeZone } } };
        },
        Component: TimeZoneSection,
      },
    ],
    { initialEntries: ["/settings"] },
  );
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return { user: userEvent.setup(), changes, setUser };
}

const section = () => screen.findByRole("region", { name: "Time zone" });
const list = () => screen.getByRole("listbox", { name: "Time zone" }) as HTMLSelectElement;
const optionNames = () =>
  within(list())
    .getAllByRole("option")
    .map((option) => (option as HTMLOptionElement).value);

describe("TimeZoneSection", () => {
  it("shows the person's zone with its clock now, chosen in the list", async () => {
    setup();
    const region = await section();
    expect(within(region).getByText("America/Los_Angeles (4:00 PM now)")).toBeTruthy();
    expect(list().value).toBe("America/Los_Angeles");
    expect(within(list()).getByRole("option", { name: "America/Los_Angeles (UTC-08:00)" })).toBeTruthy();
  });

  it("says when no zone is set yet, and which one the times use meanwhile", async () => {
    setup({ timeZone: null });
    const region = await section();
    expect(within(region).getByText(/^Not set yet: times are shown in this device’s time zone, Europe\/London \(12:00 AM now\)$/)).toBeTruthy();
  });

  it("narrows the list as the person types, and says how many match", async () => {
    const { user } = setup();
    await section();
    const search = screen.getByRole("searchbox", { name: "Search time zones" });
    await user.type(search, "los angeles");
    expect(optionNames()).toEqual(["America/Los_Angeles"]);
    expect(screen.getByText(/^1 of \d+ time zones match$/)).toBeTruthy();
    await user.clear(search);
    await user.type(search, "mars");
    expect(within(list()).queryAllByRole("option")).toEqual([]);
    expect(screen.getByText("No time zone matches “mars”")).toBeTruthy();
  });

  it("lists a zone the browser knows by another name (the person's own)", async () => {
    const { user } = setup({ timeZone: "Asia/Kolkata" });
    await section();
    await user.type(screen.getByRole("searchbox", { name: "Search time zones" }), "kolkata");
    expect(optionNames()).toEqual(["Asia/Kolkata"]);
    expect(list().value).toBe("Asia/Kolkata");
  });

  it("lists today's name of a renamed zone, whatever name the browser lists it by", async () => {
    const { user } = setup();
    await section();
    await user.type(screen.getByRole("searchbox", { name: "Search time zones" }), "kyiv");
    expect(optionNames()).toEqual(["Europe/Kyiv"]);
  });

  it("saves the zone chosen, says so, and puts it into the session at once", async () => {
    const { user, changes, setUser } = setup();
    await section();
    await user.type(screen.getByRole("searchbox", { name: "Search time zones" }), "tokyo");
    await user.selectOptions(list(), "Asia/Tokyo");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect(await screen.findByText("Time zone saved: Asia/Tokyo")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Time zone saved: Asia/Tokyo");
    expect(changes).toEqual([{ intent: "timeZone", timeZone: "Asia/Tokyo" }]);
    expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ timeZone: "Asia/Tokyo" }));
  });

  it("goes from the search field into the list with the arrow key, on the first match", async () => {
    const { user, changes } = setup();
    await section();
    await user.type(screen.getByRole("searchbox", { name: "Search time zones" }), "tokyo");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(list());
    expect(list().value).toBe("Asia/Tokyo");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Save time zone" }));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(changes).toEqual([{ intent: "timeZone", timeZone: "Asia/Tokyo" }]));
  });

  it("uses this device's zone in one step, offered only when it is not the person's", async () => {
    const { user, changes, setUser } = setup();
    await section();
    await user.click(screen.getByRole("button", { name: "Use this device’s time zone (Europe/London)" }));
    expect(await screen.findByText("Time zone saved: Europe/London")).toBeTruthy();
    expect(changes).toEqual([{ intent: "timeZone", timeZone: "Europe/London" }]);
    expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ timeZone: "Europe/London" }));
  });

  it("offers no shortcut when the person's zone is this device's", async () => {
    setup({ timeZone: "Europe/London" });
    await section();
    expect(screen.queryByRole("button", { name: /Use this device/ })).toBeNull();
  });

  it("asks for a zone from the list when the search left none chosen, and sends nothing", async () => {
    const { user, changes } = setup();
    await section();
    await user.type(screen.getByRole("searchbox", { name: "Search time zones" }), "europe");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect(screen.getByText(MSG.timeZoneInvalid)).toBeTruthy();
    expect(list().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(list());
    expect(changes).toEqual([]);
  });

  it("shows the server's refusal at the list, and keeps the session's zone", async () => {
    const { user, setUser } = setup({ answer: () => ({ ok: false, status: 400, message: MSG.timeZoneInvalid, field: "timeZone" }) });
    await section();
    await user.selectOptions(list(), "Asia/Tokyo");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect(await screen.findByText(MSG.timeZoneInvalid)).toBeTruthy();
    expect(list().getAttribute("aria-invalid")).toBe("true");
    expect(setUser).not.toHaveBeenCalled();
  });

  it("says a refusal that is not about the zone above the form", async () => {
    const { user } = setup({ answer: () => ({ ok: false, status: 0, message: MSG.serverError }) });
    await section();
    await user.selectOptions(list(), "Asia/Tokyo");
    await user.click(screen.getByRole("button", { name: "Save time zone" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MSG.serverError);
  });
});

describe("zoneMatches", () => {
  it.each([
    ["los angeles", true],
    ["LOS_ANG", true],
    ["america los", true],
    ["utc-08", true],
    ["america/los", true],
    ["chicago", false],
  ])("America/Los_Angeles for %j: %s", (query, matches) => {
    expect(zoneMatches("America/Los_Angeles", "UTC-08:00", query)).toBe(matches);
  });
});
