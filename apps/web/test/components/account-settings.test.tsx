import { EMAIL_KINDS, EMAIL_KIND_LABELS, MSG, type AccountSession, type EmailSettings, type SelfUser, type UpcomingBooking } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { NOW, fixClockAtManilaMorning } from "./manila-clock";
import SettingsPage from "../../src/features/account/SettingsPage";
import type { SettingsChange } from "../../src/features/account/account-data";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import type { ActionResult } from "../../src/lib/actions";

fixClockAtManilaMorning();

const USER = {
  id: "u1",
  username: "liza",
  email: "liza@example.ph",
  emailVerified: false,
  pendingEmail: null,
  firstName: "Liza",
  lastName: "Mercado",
  role: "Sharer",
} as SelfUser;

const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const SESSIONS: AccountSession[] = [
  { id: "s-other", browser: "Firefox 133 on Windows", createdAt: minutesAgo(600), lastSeenAt: minutesAgo(5), current: false },
  { id: "s-here", browser: "Chrome 131 on Linux", createdAt: minutesAgo(60), lastSeenAt: minutesAgo(0), current: true },
];
const allOn = () => Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, true])) as EmailSettings;

interface Setup {
  /** The settings page's action answers with this; null: it succeeds as the server would. */
  answer?: (change: SettingsChange) => ActionResult<string> | null;
  /** The account deletion's answer. */
  deletion?: (password: string) => ActionResult<string>;
  user?: Partial<SelfUser>;
}

/** /settings in a memory router: its loader reads `stored`, its action records each change and answers it. */
function setup({ answer = () => null, deletion = () => ({ ok: true, data: MSG.accountDeleted }), user = {} }: Setup = {}) {
  const stored = { sessions: structuredClone(SESSIONS), settings: allOn() };
  const changes: SettingsChange[] = [];
  const deletions: string[] = [];
  let reads = 0;
  let release: (() => void) | null = null;
  const auth: AuthContextValue = { user: { ...USER, ...user }, token: "t", loading: false, logout: vi.fn(), setUser: vi.fn() };
  const router = createMemoryRouter(
    [
      {
        path: "/settings",
        loader: () => {
          reads += 1;
          return {
            sessions: { ok: true, data: structuredClone(stored.sessions) },
            emailSettings: { ok: true, data: { ...stored.settings } },
            payoutAccount: { ok: true, data: null },
          };
        },
        action: async ({ request }) => {
          const change = (await request.json()) as SettingsChange;
          changes.push(change);
          // A switch's answer can be held back, to see the switch while its change is on its way.
          if (change.intent === "email") await new Promise<void>((resolve) => (release = resolve));
          const given = answer(change);
          if (given) return given;
          if (change.intent === "email") stored.settings[change.kind] = change.on;
          if (change.intent === "signOut") stored.sessions = stored.sessions.filter((session) => session.id !== change.id);
          if (change.intent === "signOutOthers" || change.intent === "password")
            stored.sessions = stored.sessions.filter((session) => session.current);
          return { ok: true, data: "done" };
        },
        Component: SettingsPage,
      },
      {
        path: "/data/account/delete",
        action: async ({ request }) => {
          const { password } = (await request.json()) as { password: string };
          deletions.push(password);
          return deletion(password);
        },
      },
      { path: "/data/account/verification", action: () => ({ ok: true, data: MSG.verifyEmailSent(USER.email) }) },
      { path: "/bookings/:id", Component: () => <p>Booking page</p> },
      { path: "/profile/update", Component: () => <p>Profile form</p> },
    ],
    { initialEntries: ["/settings"] },
  );
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return { user: userEvent.setup(), changes, deletions, reads: () => reads, release: () => release?.(), router };
}

const region = (name: string) => screen.getByRole("region", { name });

describe("SettingsPage", () => {
  it("shows the address, unverified, with the link again and the way to change it", async () => {
    setup({ user: { pendingEmail: "new@example.ph" } });
    const address = await screen.findByRole("region", { name: "Email address" });
    expect(within(address).getByText("liza@example.ph")).toBeTruthy();
    expect(within(address).getByText("Not verified")).toBeTruthy();
    expect(within(address).getByText(MSG.emailChangePending("new@example.ph"))).toBeTruthy();
    expect(within(address).getByRole("button", { name: "Resend link" })).toBeTruthy();
    expect(within(address).getByRole("link", { name: "Change email address" }).getAttribute("href")).toBe("/profile/update");
    expect(screen.getByRole("heading", { level: 1, name: "Account settings" })).toBeTruthy();
    for (const name of ["Email address", "Password", "Signed-in devices", "Email notifications", "Your data", "Delete account"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
  });

  it("lists this device first and names each other device's Sign out button by its browser", async () => {
    const { user, changes } = setup();
    const list = await screen.findByRole("list", { name: "Signed-in devices" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Chrome 131 on Linux"),
      expect.stringContaining("Firefox 133 on Windows"),
    ]);
    expect(within(rows[0]!).getByText("This device")).toBeTruthy();
    expect(rows[0]!.textContent).toContain("Last seen just now");
    expect(rows[1]!.textContent).toContain("Last seen 5 minutes ago");
    expect(within(rows[0]!).queryByRole("button")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Sign out Firefox 133 on Windows" }));
    expect(changes).toEqual([{ intent: "signOut", id: "s-other" }]);
    await vi.waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect((screen.getByRole("button", { name: "Sign out everywhere else" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("checks the new password twice before sending, shows a refusal at its field, and empties the form once changed", async () => {
    const { user, changes, reads } = setup({
      answer: (change) =>
        change.intent === "password" && change.input.currentPassword === "wrong-one"
          ? { ok: false, status: 400, message: MSG.currentPasswordWrong, field: "currentPassword" }
          : null,
    });
    const password = await screen.findByRole("region", { name: "Password" });
    const field = (name: string) => within(password).getByLabelText(name) as HTMLInputElement;
    await user.type(field("Current password"), "wrong-one");
    await user.type(field("New password"), "bagong2026");
    await user.type(field("Confirm new password"), "bagong2027");
    await user.click(within(password).getByRole("button", { name: "Change password" }));
    expect(await within(password).findByText(MSG.passwordsDiffer)).toBeTruthy();
    expect(changes).toEqual([]);

    await user.clear(field("Confirm new password"));
    await user.type(field("Confirm new password"), "bagong2026");
    await user.click(within(password).getByRole("button", { name: "Change password" }));
    expect(await within(password).findByText(MSG.currentPasswordWrong)).toBeTruthy();
    expect(field("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(changes).toEqual([{ intent: "password", input: { currentPassword: "wrong-one", newPassword: "bagong2026" } }]);

    await user.clear(field("Current password"));
    await user.type(field("Current password"), "secret123");
    const before = reads();
    await user.click(within(password).getByRole("button", { name: "Change password" }));
    await vi.waitFor(() => expect(field("Current password").value).toBe(""));
    expect(field("New password").value).toBe("");
    expect(field("Confirm new password").value).toBe("");
    // The devices are read again: the other one was signed out.
    expect(reads()).toBeGreaterThan(before);
    await vi.waitFor(() => expect(within(region("Signed-in devices")).getAllByRole("listitem")).toHaveLength(1));
  });

  it("saves one kind of email at once, shows where the switch goes meanwhile, and puts it back when refused", async () => {
    let refuse = false;
    const { user, changes, release } = setup({ answer: () => (refuse ? { ok: false, status: 500, message: MSG.serverError } : null) });
    await screen.findByRole("region", { name: "Email notifications" });
    expect(screen.getAllByRole("switch")).toHaveLength(EMAIL_KINDS.length);
    const newBookings = screen.getByRole("switch", { name: EMAIL_KIND_LABELS.bookingCreated });
    expect(newBookings.getAttribute("aria-checked")).toBe("true");

    await user.click(newBookings);
    expect(newBookings.getAttribute("aria-checked")).toBe("false");
    expect(newBookings.getAttribute("aria-busy")).toBe("true");
    await vi.waitFor(() => expect(changes).toEqual([{ intent: "email", kind: "bookingCreated", on: false }]));
    release();
    await vi.waitFor(() => expect(newBookings.getAttribute("aria-busy")).toBe("false"));
    expect(newBookings.getAttribute("aria-checked")).toBe("false");

    // Refused: back to what the server has.
    refuse = true;
    const reminders = screen.getByRole("switch", { name: EMAIL_KIND_LABELS.bookingReminder });
    await user.click(screen.getByText(EMAIL_KIND_LABELS.bookingReminder));
    expect(reminders.getAttribute("aria-checked")).toBe("false");
    await vi.waitFor(() => expect(changes).toHaveLength(2));
    release();
    await vi.waitFor(() => expect(reminders.getAttribute("aria-busy")).toBe("false"));
    expect(reminders.getAttribute("aria-checked")).toBe("true");
    expect(changes[1]).toEqual({ intent: "email", kind: "bookingReminder", on: false });
  });

  it("asks for the password to delete the account, and lists the upcoming bookings that stand in the way", async () => {
    const upcoming: UpcomingBooking[] = [{ id: "b7", date: "2026-12-01", startTime: "13:00", endTime: "17:00", otherName: "Joy Garcia" }];
    const { user, deletions, router } = setup({
      deletion: (password) =>
        password === "wrong-one"
          ? { ok: false, status: 400, message: MSG.currentPasswordWrong, field: "password" }
          : { ok: false, status: 409, message: MSG.deleteBlockedByBookings, details: { upcomingBookings: upcoming } },
    });
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("dialog", { name: "Delete your account?" });
    expect(dialog.textContent).toContain(MSG.deletedUserName);

    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(within(dialog).getByText(MSG.passwordRequired)).toBeTruthy();
    expect(deletions).toEqual([]);

    await user.type(within(dialog).getByLabelText("Password"), "wrong-one");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText(MSG.currentPasswordWrong)).toBeTruthy();
    expect(within(dialog).getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");

    await user.clear(within(dialog).getByLabelText("Password"));
    await user.type(within(dialog).getByLabelText("Password"), "secret123");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    const refusal = await within(dialog).findByRole("alert");
    expect(refusal.textContent).toContain(MSG.deleteBlockedByBookings);
    const link = within(refusal).getByRole("link", { name: "Tuesday, December 1, 2026, 1:00 PM - 5:00 PM: Joy Garcia" });
    expect(link.getAttribute("href")).toBe("/bookings/b7");
    expect(deletions).toEqual(["wrong-one", "secret123"]);

    // Closed and opened again, the dialog starts afresh.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(within(screen.getByRole("dialog", { name: "Delete your account?" })).queryByRole("alert")).toBeNull();
    expect(router.state.location.pathname).toBe("/settings");
  });
});
