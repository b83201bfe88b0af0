import { deviceTimeZone, inYourDaytime, withYourTime, yourTime, type Booking, type SelfUser } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fixClockAtManilaMorning } from "./manila-clock";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import { BookingCalendar } from "../../src/features/bookings/BookingCalendar";
import { DateTimePicker } from "../../src/features/bookings/DateTimePicker";
import BookingsPage from "../../src/features/bookings/BookingsPage";
import { BookingSuccess } from "../../src/features/bookings/book/BookingSuccess";
import { PaymentStep } from "../../src/features/bookings/book/PaymentStep";
import { RealtimeContext } from "../../src/features/realtime/realtime-context";
import { RealtimeHub } from "../../src/features/realtime/realtime-hub";
import { booking, manila } from "../fixtures";

/** Monday, November 23, 2026, 08:00 in Manila (Sunday, November 22, 4:00 PM in Los Angeles). */
fixClockAtManilaMorning();

const LOS_ANGELES = "America/Los_Angeles";
const MANILA = "Asia/Manila";

const slot = (name: "Morning" | "Afternoon") => screen.getByRole("button", { name: new RegExp(`^${name} \\(`) });

async function pickTuesday(zone: string | undefined) {
  const user = userEvent.setup();
  render(<DateTimePicker booked={[]} onSubmit={vi.fn()} zone={zone} />);
  await user.click(screen.getByRole("gridcell", { name: "Tuesday, December 1, 2026" }));
  expect(screen.getByText("Times for Tuesday, December 1, 2026")).toBeTruthy();
}

describe("the date picker in the client's own time (decisions.md, 'Time zones')", () => {
  it("in Los Angeles, gives each slot's time there, with the previous date, and whether it falls in their daytime", async () => {
    await pickTuesday(LOS_ANGELES);
    const morning = slot("Morning");
    // Tuesday 9:00 AM in Manila is Monday 5:00 PM in Los Angeles (PST, 16 hours behind).
    expect(within(morning).getByText("Mon, Nov 30, 5:00 PM to 9:00 PM your time")).toBeTruthy();
    expect(within(morning).getByText("In your daytime")).toBeTruthy();
    // The slot's words are the one function's, in both clocks; read out as the button's name.
    const both = withYourTime("Morning (9:00 AM to 1:00 PM)", manila("2026-12-01", "09:00"), LOS_ANGELES, { end: manila("2026-12-01", "13:00") });
    expect(both).toBe("Morning (9:00 AM to 1:00 PM) Manila · Mon, Nov 30, 5:00 PM to 9:00 PM your time");
    expect(morning.textContent).toContain(both);
    expect(morning.getAttribute("aria-pressed")).toBe("false");

    // 1:00 PM to 5:00 PM in Manila runs from 9:00 PM to 1:00 AM there: past their evening.
    const afternoon = slot("Afternoon");
    expect(within(afternoon).getByText("Mon, Nov 30, 9:00 PM to 1:00 AM Tue your time")).toBeTruthy();
    expect(within(afternoon).getByText("Outside your daytime")).toBeTruthy();
    expect(within(afternoon).queryByText("In your daytime")).toBeNull();
    expect(screen.getByText("Manila times, with your own below each. Your daytime: 7:00 AM to 10:00 PM.")).toBeTruthy();
  });

  it("in Manila, shows the slots as they have always been, nothing added", async () => {
    await pickTuesday(MANILA);
    expect(slot("Morning").textContent).toBe("Morning (9:00 AM to 1:00 PM)");
    expect(slot("Afternoon").textContent).toBe("Afternoon (1:00 PM to 5:00 PM)");
    expect(screen.queryByText(/your time|daytime/)).toBeNull();
  });

  it("without a zone (as in the older tests), reads as Manila's", async () => {
    await pickTuesday(undefined);
    expect(slot("Morning").textContent).toBe("Morning (9:00 AM to 1:00 PM)");
    expect(screen.queryByText(/your time|daytime/)).toBeNull();
  });

  it("in Singapore (the same clock as Manila), adds nothing", async () => {
    await pickTuesday("Asia/Singapore");
    expect(slot("Morning").textContent).toBe("Morning (9:00 AM to 1:00 PM)");
    expect(screen.queryByText(/your time|daytime/)).toBeNull();
  });

  it("in London, the morning slot falls in the night there (1:00 AM to 5:00 AM, the same date)", async () => {
    await pickTuesday("Europe/London");
    expect(within(slot("Morning")).getByText("1:00 AM to 5:00 AM your time")).toBeTruthy();
    expect(within(slot("Morning")).getByText("Outside your daytime")).toBeTruthy();
    expect(within(slot("Afternoon")).getByText("5:00 AM to 9:00 AM your time")).toBeTruthy();
    expect(within(slot("Afternoon")).getByText("Outside your daytime")).toBeTruthy();
  });
});

describe("the wizard's review and last step in the client's own time", () => {
  const review = (zone: string) =>
    render(
      <PaymentStep
        slot={{ date: "2026-12-01", time: "09:00" }}
        zone={zone}
        dates={["2026-12-01"]}
        duration={8}
        name="Maria Santos"
        price={8000}
        total={8000}
        payment={{ state: "loading" }}
        paymentRefusal={null}
        conflict={null}
        takenDates={[]}
        submitting={false}
        onConfirm={vi.fn()}
        onDropTaken={vi.fn()}
        onChooseAnother={vi.fn()}
      />,
    );
  const row = (term: string) => screen.getByText(term).nextElementSibling!;

  it("gives the time row both clocks in Los Angeles, the date row staying Manila's", () => {
    review(LOS_ANGELES);
    expect(row("Date").textContent).toBe("Tuesday, December 1, 2026");
    expect(row("Time").textContent).toBe("9:00 AM to 5:00 PM Manila · Mon, Nov 30, 5:00 PM to 1:00 AM Tue your time");
  });

  it("keeps the time row as it is in Manila", () => {
    review(MANILA);
    expect(row("Time").textContent).toBe("9:00 AM to 5:00 PM");
  });

  it("names each date of a weekly series with its own time there (the clocks change on March 14, 2027 in Los Angeles)", () => {
    const dates = ["2027-03-09", "2027-03-16"];
    render(
      <PaymentStep
        slot={{ date: dates[0]!, time: "09:00" }}
        zone={LOS_ANGELES}
        dates={dates}
        duration={4}
        name="Maria Santos"
        price={4000}
        total={8000}
        payment={{ state: "loading" }}
        paymentRefusal={null}
        conflict={null}
        takenDates={[]}
        submitting={false}
        onConfirm={vi.fn()}
        onDropTaken={vi.fn()}
        onChooseAnother={vi.fn()}
      />,
    );
    const items = within(screen.getByRole("list", { name: "Dates of the series" })).getAllByRole("listitem");
    expect(items[0]!.textContent).toContain("Tuesday, March 9, 2027 Manila · Mon, Mar 8, 5:00 PM to 9:00 PM your time");
    expect(items[1]!.textContent).toContain("Tuesday, March 16, 2027 Manila · Mon, Mar 15, 6:00 PM to 10:00 PM your time");
  });

  const success = (zone: string) => {
    const made = booking("2026-12-01", "PENDING");
    const router = createMemoryRouter(
      [{ path: "/", element: <BookingSuccess bookings={[made]} consultant={made.consultant as never} name="Maria Santos" zone={zone} /> }],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
  };

  it("tells a client abroad when the booking is for them on the last step", async () => {
    success(LOS_ANGELES);
    expect((await screen.findByText(/^When:/)).textContent).toBe(
      "When: Tuesday, December 1, 2026, 9:00 AM to 1:00 PM Manila · Mon, Nov 30, 5:00 PM to 9:00 PM your time",
    );
  });

  it("leaves the last step as the spec has it in Manila", async () => {
    success(MANILA);
    await screen.findByText(/Booking ID/);
    expect(screen.queryByText(/^When:|your time/)).toBeNull();
  });
});

describe("the bookings page in the viewer's own time (the zone from the signed-in person)", () => {
  const client = (timeZone: string | null) => ({ id: "client", role: "Boss", firstName: "Ramon", lastName: "Reyes", timeZone }) as SelfUser;

  function showBookings(timeZone: string | null, made: Booking[]) {
    const router = createMemoryRouter(
      [
        {
          path: "/bookings",
          loader: () => ({ bookings: Promise.resolve({ consultations: [], made, focus: null, focusMissing: false }) }),
          Component: BookingsPage,
        },
        {
          path: "/data/bookings/booked/:consultantId",
          loader: ({ params }) => ({ ok: true, data: { consultantId: params.consultantId, slots: [] } }),
        },
      ],
      { initialEntries: ["/bookings"] },
    );
    const auth: AuthContextValue = { user: client(timeZone), token: "t", loading: false, logout: async () => {}, setUser: () => {} };
    render(
      <AuthContext value={auth}>
        <RealtimeContext value={new RealtimeHub()}>
          <RouterProvider router={router} />
        </RealtimeContext>
      </AuthContext>,
    );
    return userEvent.setup();
  }

  const card = () => screen.findByRole("article", { name: "Booking with Maria Santos on Wednesday, November 25, 2026" });

  it("gives a booking's time in Los Angeles beside Manila's, on the card and in the reschedule dialog and its slots", async () => {
    const user = showBookings(LOS_ANGELES, [booking("2026-11-25", "PENDING")]);
    const item = await card();
    // Manila's time, then theirs on a line of its own: together the one text of withYourTime.
    expect(within(item).getByText("9:00 AM - 1:00 PM Manila").textContent).toBe(
      "9:00 AM - 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM your time",
    );

    await user.click(within(item).getByRole("button", { name: "Edit booking" }));
    await user.click(screen.getByRole("menuitem", { name: "Reschedule booking" }));
    const dialog = screen.getByRole("dialog", { name: "Reschedule Booking" });
    expect(within(dialog).getByText(/^Your booking with/).textContent).toBe(
      "Your booking with Maria Santos is on Wednesday, November 25, 2026, 9:00 AM - 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM your time.",
    );
    await vi.waitFor(() => expect(within(dialog).queryByText("Loading available dates...")).toBeNull());
    const current = within(dialog).getByRole("button", { name: /^Morning \(9:00 AM to 1:00 PM\).*Current/ });
    expect(within(current).getByText("Tue, Nov 24, 5:00 PM to 9:00 PM your time")).toBeTruthy();
    expect(within(current).getByText("In your daytime")).toBeTruthy();
  });

  it("names the first date of a weekly series in Los Angeles on the Recurring tab", async () => {
    const series = { seriesId: "s1", isRecurring: true };
    const user = showBookings(LOS_ANGELES, [booking("2026-11-25", "PENDING", series), booking("2026-12-02", "PENDING", series)]);
    await user.click(await screen.findByRole("tab", { name: "Recurring" }));
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe(
      "Every Wednesday, 9:00 AM to 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM your time, with Maria Santos",
    );
  });

  it("shows Manila's time alone to someone in Manila", async () => {
    showBookings(MANILA, [booking("2026-11-25", "PENDING")]);
    const item = await card();
    expect(within(item).getByText("9:00 AM - 1:00 PM")).toBeTruthy();
    expect(within(item).queryByText(/your time/)).toBeNull();
  });
});

describe("a visitor's profile calendar ('Book a Session') in the browser's own zone", () => {
  function showCalendar(user: SelfUser | null) {
    const router = createMemoryRouter(
      [
        { path: "/profile/:id", element: <BookingCalendar consultantId="consultant" /> },
        {
          path: "/data/bookings/free-times/:consultantId",
          loader: ({ request }) => ({ ok: true, data: { date: new URL(request.url).searchParams.get("date"), starts: ["09:00", "13:00"] } }),
        },
      ],
      { initialEntries: ["/profile/consultant"] },
    );
    const auth: AuthContextValue = { user, token: user ? "t" : null, loading: false, logout: async () => {}, setUser: () => {} };
    render(
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>,
    );
    return userEvent.setup();
  }

  it("signed out, gives the times in this browser's zone (useTimeZone), with the daytime mark, where it differs from Manila's", async () => {
    const user = showCalendar(null);
    await user.click(await screen.findByRole("button", { name: "Wed, Nov 25" }));
    const times = await screen.findByRole("group", { name: "Available times" });
    const [morning] = within(times).getAllByRole("button");
    const [start, end] = [manila("2026-11-25", "09:00"), manila("2026-11-25", "13:00")];
    const zone = deviceTimeZone();
    const yours = yourTime(start, zone, { end });
    if (yours === null) {
      // This machine reads Manila's clock: the spec's text alone.
      expect(morning!.textContent).toBe("9:00 AM to 1:00 PM");
      return;
    }
    expect(within(morning!).getByText(yours)).toBeTruthy();
    expect(morning!.textContent).toContain(withYourTime("9:00 AM to 1:00 PM", start, zone, { end }));
    expect(within(morning!).getByText(inYourDaytime(start, end, zone) ? "In your daytime" : "Outside your daytime")).toBeTruthy();
  });

  it("signed in from Los Angeles, in the person's own zone", async () => {
    const user = showCalendar({ id: "client", role: "Boss", firstName: "Ramon", lastName: "Reyes", timeZone: LOS_ANGELES } as SelfUser);
    await user.click(await screen.findByRole("button", { name: "Wed, Nov 25" }));
    const times = await screen.findByRole("group", { name: "Available times" });
    const [morning, afternoon] = within(times).getAllByRole("button");
    expect(morning!.textContent).toBe("9:00 AM to 1:00 PM Manila · Tue, Nov 24, 5:00 PM to 9:00 PM your time In your daytime");
    expect(within(afternoon!).getByText("Tue, Nov 24, 9:00 PM to 1:00 AM Wed your time")).toBeTruthy();
    expect(within(afternoon!).getByText("Outside your daytime")).toBeTruthy();
  });
});
