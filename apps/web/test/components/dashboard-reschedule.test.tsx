import type { Booking } from "@vam/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fixClockAtManilaMorning } from "./manila-clock";
import { InManila, signedInAs } from "./viewer";
import { AuthContext } from "../../src/features/auth/auth-context";
import { DashboardRescheduleModal } from "../../src/features/dashboard/DashboardRescheduleModal";
import type { ActionResult } from "../../src/lib/actions";
import type { Result } from "../../src/lib/result";
import { booking } from "../fixtures";

fixClockAtManilaMorning();

/** A pending 4-hour booking on Wednesday morning, in a router whose data routes are stubs. */
function setup({
  answer,
  free,
  zone,
}: {
  answer: () => ActionResult<Booking>;
  free: (date: string) => Promise<Result<string[]>>;
  /** The viewer's own time zone (Manila's unless given). */
  zone?: string;
}) {
  const moved = booking("2026-11-25", "PENDING");
  const reads: string[] = [];
  const changes: unknown[] = [];
  const onClose = vi.fn();
  const router = createMemoryRouter([
    { path: "/", element: <DashboardRescheduleModal booking={moved} onClose={onClose} /> },
    {
      path: "/data/bookings/free-times/:consultantId",
      loader: async ({ request }) => {
        const date = new URL(request.url).searchParams.get("date") ?? "";
        reads.push(date);
        const result = await free(date);
        return result.ok ? { ok: true, data: { date, starts: result.data } } : result;
      },
    },
    {
      path: "/data/bookings/:id",
      action: async ({ request }) => {
        changes.push((await request.json()) as unknown);
        return answer();
      },
    },
  ]);
  if (zone) {
    render(
      <AuthContext value={signedInAs(zone)}>
        <RouterProvider router={router} />
      </AuthContext>,
    );
  } else render(<RouterProvider router={router} />, { wrapper: InManila });
  return { moved, reads, changes, onClose, user: userEvent.setup() };
}

const free = (...starts: string[]) => Promise.resolve<Result<string[]>>({ ok: true, data: starts });
const time = (name: string) => screen.getByRole("button", { name });

describe("DashboardRescheduleModal", () => {
  it("reads a date's free times when it is chosen and moves the booking to the chosen start", async () => {
    const { moved, reads, changes, onClose, user } = setup({
      answer: () => ({ ok: true, data: moved }),
      free: () => free("13:00"),
    });
    expect(screen.queryByText("Available times")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Thu, Nov 26" }));
    expect(screen.getByRole("button", { name: "Thu, Nov 26" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(await screen.findByRole("button", { name: "1:00 PM" }));
    expect(screen.getByText("New time: Thursday, November 26, 2026, 1:00 PM - 5:00 PM")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Confirm Reschedule" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(changes).toEqual([{ intent: "reschedule", date: "2026-11-26", startTime: "13:00", failure: expect.any(String) }]);
    expect(reads[0]).toBe("2026-11-26");
  });

  it("gives a viewer in Los Angeles every time in their own clock beside Manila's", async () => {
    const { user } = setup({ answer: () => ({ ok: false, status: 500, message: "No" }), free: () => free("13:00"), zone: "America/Los_Angeles" });
    expect(
      screen.getByText("Currently Wednesday, November 25, 2026, 9:00 AM - 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM your time (4 hours)."),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Thu, Nov 26" }));
    await user.click(await screen.findByRole("button", { name: "1:00 PM Manila · Wed, Nov 25, 9:00 PM your time" }));
    expect(
      screen.getByText("New time: Thursday, November 26, 2026, 1:00 PM - 5:00 PM Manila · Wed, Nov 25, 9:00 PM to 1:00 AM Thu your time"),
    ).toBeTruthy();
  });

  it("shows the booking's own slot on its day as Current, and does not confirm a move to it", async () => {
    const { changes, user } = setup({ answer: () => ({ ok: false, status: 500, message: "No" }), free: () => free("13:00") });
    await user.click(screen.getByRole("button", { name: "Wed, Nov 25" }));
    expect((await screen.findByRole("button", { name: "9:00 AM Current" })).getAttribute("aria-pressed")).toBe("false");
    expect(time("1:00 PM")).toBeTruthy();

    await user.click(time("9:00 AM Current"));
    const confirm = screen.getByRole("button", { name: "Confirm Reschedule" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByText("Choose another date or time.")).toBeTruthy();
    await user.click(confirm);
    expect(changes).toEqual([]);
    await user.click(time("1:00 PM"));
    expect(confirm.disabled).toBe(false);
    expect(screen.queryByText("Choose another date or time.")).toBeNull();
  });

  it("does not offer today once every slot of the day has passed", () => {
    // Monday 14:00 in Manila: the afternoon slot has started.
    vi.setSystemTime(new Date("2026-11-23T14:00:00+08:00"));
    setup({ answer: () => ({ ok: false, status: 500, message: "No" }), free: () => free() });
    expect(screen.queryByRole("button", { name: "Mon, Nov 23" })).toBeNull();
    expect(screen.getByRole("button", { name: "Tue, Nov 24" })).toBeTruthy();
  });

  it("offers today while a slot is ahead", () => {
    // Monday 10:00 in Manila: the afternoon slot is still ahead.
    vi.setSystemTime(new Date("2026-11-23T10:00:00+08:00"));
    setup({ answer: () => ({ ok: false, status: 500, message: "No" }), free: () => free() });
    expect(screen.getByRole("button", { name: "Mon, Nov 23" })).toBeTruthy();
  });

  it("after a refusal reads the times once more, keeping the list on screen meanwhile, and unchooses the refused start", async () => {
    let release = () => {};
    let second = false;
    const { reads, changes, onClose, user } = setup({
      answer: () => ({ ok: false, status: 409, message: "That time was just booked." }),
      free: () => {
        if (!second) {
          second = true;
          return free("09:00", "13:00");
        }
        return new Promise((resolve) => (release = () => resolve({ ok: true, data: ["09:00"] })));
      },
    });
    await user.click(screen.getByRole("button", { name: "Thu, Nov 26" }));
    await user.click(await screen.findByRole("button", { name: "1:00 PM" }));
    await user.click(screen.getByRole("button", { name: "Confirm Reschedule" }));
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    await vi.waitFor(() => expect(time("1:00 PM").getAttribute("aria-pressed")).toBe("false"));
    // While the times are read again, the list stays (no flicker back to the loading text).
    expect(screen.queryByText("Loading available times...")).toBeNull();
    release();
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "1:00 PM" })).toBeNull());
    expect(time("9:00 AM")).toBeTruthy();
    expect(reads).toEqual(["2026-11-26", "2026-11-26"]);
    expect(changes).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: "Confirm Reschedule" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("never shows one date's times for another, and says when the times could not be read, with Try again", async () => {
    let failing = true;
    const { reads, user } = setup({
      answer: () => ({ ok: false, status: 500, message: "No" }),
      free: (date) =>
        date === "2026-11-27" && failing
          ? Promise.resolve({ ok: false, status: 500, message: "Could not fetch available times. Please try again." })
          : free("09:00"),
    });
    await user.click(screen.getByRole("button", { name: "Thu, Nov 26" }));
    await screen.findByRole("button", { name: "9:00 AM" });
    await user.click(screen.getByRole("button", { name: "Fri, Nov 27" }));
    expect(screen.queryByRole("button", { name: "9:00 AM" })).toBeNull();
    expect((await screen.findByRole("alert")).textContent).toContain("Could not fetch available times. Please try again.");
    failing = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: "9:00 AM" });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(reads).toEqual(["2026-11-26", "2026-11-27", "2026-11-27"]);
  });
});
