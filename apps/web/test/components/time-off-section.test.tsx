import { MSG, type ConflictingBooking, type CreateTimeOffInput, type TimeOffOverview } from "@vam/shared";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fixClockAtManilaMorning } from "./manila-clock";
import { InManila } from "./viewer";
import { TimeOffSection } from "../../src/features/time-off/public";
import type { TimeOffChange } from "../../src/features/time-off/time-off-data";
import type { ActionResult } from "../../src/lib/actions";

/** Monday, November 23, 2026, 08:00 in Manila. */
fixClockAtManilaMorning();

const HOLIDAYS = [
  { date: "2026-11-30", name: "Bonifacio Day" },
  { date: "2026-12-08", name: "Feast of the Immaculate Conception of Mary" },
];
const RECEIVED: ConflictingBooking = { id: "b1", date: "2026-12-09", startTime: "09:00", endTime: "13:00", clientName: "Ramon Reyes" };

interface Sent {
  method: string;
  id: string | undefined;
  change: TimeOffChange;
}

/** The section in a memory router: its page's loader reads `stored`, its data route answers with `answer`. */
function setup(answer: (sent: Sent) => ActionResult<unknown> | null = () => null, blocks: TimeOffOverview["blocks"] = []) {
  const stored: TimeOffOverview = { blocks, holidaysOff: false, holidays: HOLIDAYS, keptHolidays: [] };
  const sent: Sent[] = [];
  let reads = 0;
  function Page() {
    const { timeOff } = useLoaderData<{ timeOff: Promise<TimeOffOverview> }>();
    return <TimeOffSection overview={timeOff} />;
  }
  const router = createMemoryRouter(
    [
      {
        path: "/booking-dashboard",
        loader: () => {
          reads += 1;
          return { timeOff: Promise.resolve(structuredClone(stored)) };
        },
        Component: Page,
      },
      {
        path: "/data/time-off/:id?",
        action: async ({ request, params }) => {
          const change = (await request.json()) as TimeOffChange;
          const made = { method: request.method, id: params.id, change };
          sent.push(made);
          const given = answer(made);
          if (given) return given;
          // By default the change succeeds, as the server would make it.
          if (change.intent === "create") {
            const { from, to, slot = null, note = null } = change.input;
            stored.blocks.push({ id: `t${stored.blocks.length + 1}`, from, to, slot, note });
          } else if (change.intent === "remove") {
            stored.blocks = stored.blocks.filter((block) => block.id !== params.id);
          } else {
            stored.holidaysOff = change.on;
          }
          return { ok: true, data: null };
        },
      },
    ],
    { initialEntries: ["/booking-dashboard"] },
  );
  render(<RouterProvider router={router} />, { wrapper: InManila });
  return { user: userEvent.setup(), sent, reads: () => reads, stored };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement & HTMLSelectElement;
const setDate = (name: "From" | "To", value: string) => fireEvent.change(field(name), { target: { value } });

describe("TimeOffSection", () => {
  it("offers a single slot only when From and To are one date; choosing From fills To", async () => {
    const { user } = setup();
    await screen.findByText(MSG.noTimeOff);
    expect(screen.getByRole("heading", { name: MSG.timeOff })).toBeTruthy();
    expect(field("Slot").disabled).toBe(true);
    expect(field("Slot").getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(field("Slot").getAttribute("aria-describedby")!)?.textContent).toBe(MSG.timeOffSlotOneDay);

    setDate("From", "2026-12-07");
    expect(field("To").value).toBe("2026-12-07");
    expect(field("Slot").disabled).toBe(false);
    await user.selectOptions(field("Slot"), "Morning (9:00 AM to 1:00 PM)");
    expect(field("Slot").value).toBe("09:00");

    // A range takes whole days.
    setDate("To", "2026-12-11");
    expect(field("Slot").disabled).toBe(true);
    expect(field("Slot").value).toBe("");
    expect(
      within(field("Slot"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Whole day", "Morning (9:00 AM to 1:00 PM)", "Afternoon (1:00 PM to 5:00 PM)"]);
  });

  it("blocks a week with a note, lists it, and empties the form", async () => {
    const { user, sent, reads } = setup();
    await screen.findByText(MSG.noTimeOff);
    setDate("From", "2026-12-07");
    setDate("To", "2026-12-11");
    await user.type(field("Note (only you see it)"), "  Family trip  ");
    const before = reads();
    await user.click(screen.getByRole("button", { name: "Block time" }));

    const input: CreateTimeOffInput = { from: "2026-12-07", to: "2026-12-11", slot: null, note: "Family trip" };
    expect(sent).toEqual([{ method: "POST", id: undefined, change: { intent: "create", input } }]);
    await screen.findByText("Monday, December 7, 2026 – Friday, December 11, 2026");
    expect(screen.getByText("5 weekdays")).toBeTruthy();
    expect(screen.getByText("Family trip")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove time off Monday, December 7, 2026 to Friday, December 11, 2026" })).toBeTruthy();
    expect(reads()).toBe(before + 1);
    await vi.waitFor(() => expect(field("From").value).toBe(""));
    expect(field("To").value).toBe("");
    expect(field("Note (only you see it)").value).toBe("");
  });

  it("checks the dates before sending: an end before the start is refused at To", async () => {
    const { user, sent } = setup();
    await screen.findByText(MSG.noTimeOff);
    await user.click(screen.getByRole("button", { name: "Block time" }));
    expect(screen.getAllByText(MSG.bookingDateInvalid).length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(field("From"));

    setDate("From", "2026-12-09");
    setDate("To", "2026-12-07");
    await user.click(screen.getByRole("button", { name: "Block time" }));
    expect(screen.getByText(MSG.timeOffRangeInvalid)).toBeTruthy();
    expect(field("To").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  it("shows a refusal over bookings with the bookings listed, in an alert", async () => {
    const { user } = setup(({ change }) =>
      change.intent === "create" ? { ok: false, status: 409, message: MSG.timeOffOverBookings(1), details: { bookings: [RECEIVED] } } : null,
    );
    await screen.findByText(MSG.noTimeOff);
    setDate("From", "2026-12-09");
    await user.click(screen.getByRole("button", { name: "Block time" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(MSG.timeOffOverBookings(1))).toBeTruthy();
    expect(within(alert).getByRole("listitem").textContent).toBe("Wednesday, December 9, 2026, 9:00 AM - 1:00 PM: Ramon Reyes");
    // Nothing was blocked; the dates stay for another try.
    expect(screen.getByText(MSG.noTimeOff)).toBeTruthy();
    expect(field("From").value).toBe("2026-12-09");
  });

  it("names each Remove button for its block and removes the one pressed", async () => {
    const { user, sent } = setup(
      () => null,
      [
        { id: "am", from: "2026-12-07", to: "2026-12-07", slot: "09:00", note: null },
        { id: "pm", from: "2026-12-07", to: "2026-12-07", slot: "13:00", note: "Dentist" },
      ],
    );
    await screen.findByText("Afternoon (1:00 PM to 5:00 PM)", { selector: "p" });
    await user.click(screen.getByRole("button", { name: "Remove time off Monday, December 7, 2026, Afternoon" }));
    expect(sent).toEqual([{ method: "DELETE", id: "pm", change: { intent: "remove" } }]);
    await vi.waitFor(() => expect(screen.queryByText("Dentist")).toBeNull());
    expect(screen.getByRole("button", { name: "Remove time off Monday, December 7, 2026, Morning" })).toBeTruthy();
  });

  it("turns the holiday switch on, and shows a refusal over bookings with them listed", async () => {
    let refuse = false;
    const { user, sent } = setup(({ change }) =>
      change.intent === "holidays" && refuse
        ? { ok: false, status: 409, message: MSG.timeOffOverBookings(1), details: { bookings: [RECEIVED] } }
        : null,
    );
    const toggle = await screen.findByRole("switch", { name: MSG.holidaysSwitch });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    const holidays = screen.getByRole("list", { name: "Upcoming regular holidays" });
    expect(
      within(holidays)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Bonifacio DayMonday, November 30, 2026", "Feast of the Immaculate Conception of MaryTuesday, December 8, 2026"]);

    await user.click(toggle);
    await vi.waitFor(() => expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("true"));
    // The switch shows where it goes at once; it takes the next click once the answer is in.
    await vi.waitFor(() => expect(screen.getByRole("switch").getAttribute("aria-busy")).toBe("false"));
    expect(sent.at(-1)).toEqual({ method: "PUT", id: undefined, change: { intent: "holidays", on: true } });

    // Off again, then on over a booking: refused, and the switch stays off.
    await user.click(screen.getByRole("switch"));
    await vi.waitFor(() => expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("false"));
    await vi.waitFor(() => expect(screen.getByRole("switch").getAttribute("aria-busy")).toBe("false"));
    refuse = true;
    await user.click(screen.getByRole("switch"));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(MSG.timeOffOverBookings(1))).toBeTruthy();
    expect(within(alert).getByText("Ramon Reyes", { exact: false })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("false"));
  });

  it("over a booked holiday, names it and offers to take the other holidays off; then lists the one kept", async () => {
    const onHoliday: ConflictingBooking = { ...RECEIVED, date: "2026-11-30", startTime: "13:00", endTime: "17:00" };
    const booked = [{ ...HOLIDAYS[0]!, bookings: [onHoliday] }];
    // The answer runs on a click, once `stored` is set.
    const { user, sent, stored } = setup(({ change }) => {
      if (change.intent !== "holidays" || !change.on) return null;
      if (!change.keepBooked)
        return { ok: false, status: 409, message: MSG.holidaysOverBookings(1), details: { bookings: [onHoliday], bookedHolidays: booked } };
      Object.assign(stored, { holidaysOff: true, keptHolidays: booked });
      return { ok: true, data: null };
    });
    await user.click(await screen.findByRole("switch", { name: MSG.holidaysSwitch }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(MSG.holidaysOverBookings(1))).toBeTruthy();
    expect(within(alert).getByRole("listitem").textContent).toBe("Monday, November 30, 2026, Bonifacio Day: 1:00 PM - 5:00 PM, Ramon Reyes");
    expect(screen.queryByRole("list", { name: MSG.holidaysKept })).toBeNull();

    await user.click(screen.getByRole("button", { name: MSG.holidaysKeepBooked }));
    expect(sent.at(-1)).toEqual({ method: "PUT", id: undefined, change: { intent: "holidays", on: true, keepBooked: true } });
    const kept = await screen.findByRole("list", { name: MSG.holidaysKept });
    expect(within(kept).getByRole("listitem").textContent).toBe("Monday, November 30, 2026, Bonifacio Day — a booking with Ramon Reyes");
    expect(screen.getByRole("switch").getAttribute("aria-checked")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: MSG.holidaysKeepBooked })).toBeNull();
  });
});
