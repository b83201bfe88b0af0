import { MSG } from "@vam/shared";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fixClockAtManilaMorning } from "./manila-clock";
import { DateTimePicker } from "../../src/features/bookings/DateTimePicker";

/** Monday, November 23, 2026, 08:00 in Manila: both of today's slots are still ahead. */
fixClockAtManilaMorning();

const day = (name: string) => screen.getByRole("gridcell", { name });
const morning = () => screen.getByRole("button", { name: /^Morning \(9:00 AM to 1:00 PM\)/ });
const afternoon = () => screen.getByRole("button", { name: /^Afternoon \(1:00 PM to 5:00 PM\)/ });

describe("DateTimePicker", () => {
  it("shows this month and the next, with today marked", () => {
    render(<DateTimePicker booked={[]} onSubmit={vi.fn()} />);
    expect(screen.getByRole("grid", { name: "November 2026" })).toBeTruthy();
    expect(screen.getByRole("grid", { name: "December 2026" })).toBeTruthy();
    expect(day("Monday, November 23, 2026").getAttribute("aria-current")).toBe("date");
    expect(screen.getByRole("heading", { name: "Choose a Date and Time" })).toBeTruthy();
  });

  it("submits the chosen day and time", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<DateTimePicker booked={[]} onSubmit={onSubmit} />);
    const cont = screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement;
    expect(cont.disabled).toBe(true);

    await user.click(day("Wednesday, November 25, 2026"));
    expect(day("Wednesday, November 25, 2026").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("Times for Wednesday, November 25, 2026")).toBeTruthy();
    expect(cont.disabled).toBe(true);

    await user.click(afternoon());
    expect(afternoon().getAttribute("aria-pressed")).toBe("true");
    expect(cont.disabled).toBe(false);
    await user.click(cont);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ date: "2026-11-25", time: "13:00" });
  });

  it("does not let a weekend or an earlier day be chosen", async () => {
    const user = userEvent.setup();
    render(<DateTimePicker booked={[]} onSubmit={vi.fn()} />);
    for (const name of ["Saturday, November 28, 2026", "Sunday, November 29, 2026", "Friday, November 20, 2026"]) {
      expect(day(name).getAttribute("aria-disabled")).toBe("true");
      await user.click(day(name));
      expect(day(name).getAttribute("aria-selected")).toBe("false");
    }
    expect(screen.getByText("Choose a date to see the times")).toBeTruthy();
  });

  it("shows a taken slot as Booked and does not let it be chosen", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<DateTimePicker booked={[{ date: "2026-11-25", time: "13:00" }]} onSubmit={onSubmit} />);
    await user.click(day("Wednesday, November 25, 2026"));
    expect(within(afternoon()).getByText("Booked")).toBeTruthy();
    expect((afternoon() as HTMLButtonElement).disabled).toBe(true);
    expect(within(morning()).queryByText("Booked")).toBeNull();
    expect((morning() as HTMLButtonElement).disabled).toBe(false);

    await user.click(afternoon());
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("marks a day with every slot taken as fully booked and disabled", () => {
    render(
      <DateTimePicker
        booked={[
          { date: "2026-11-25", time: "09:00" },
          { date: "2026-11-25", time: "13:00" },
        ]}
        onSubmit={vi.fn()}
      />,
    );
    const full = day("Wednesday, November 25, 2026");
    expect(full.getAttribute("aria-disabled")).toBe("true");
    expect(full.getAttribute("title")).toBe("Fully booked");
  });

  it("shows a slot the Assistant took off as Unavailable, not Booked, and does not let it be chosen", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<DateTimePicker booked={[{ date: "2026-11-25", time: "09:00", off: true }]} onSubmit={onSubmit} />);
    await user.click(day("Wednesday, November 25, 2026"));
    expect(within(morning()).getByText(MSG.slotUnavailable)).toBeTruthy();
    expect(within(morning()).queryByText("Booked")).toBeNull();
    expect((morning() as HTMLButtonElement).disabled).toBe(true);
    expect(within(afternoon()).queryByText(MSG.slotUnavailable)).toBeNull();
    expect((afternoon() as HTMLButtonElement).disabled).toBe(false);
    await user.click(morning());
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("marks a day taken off entirely as Unavailable and disabled, not struck through as fully booked", async () => {
    const user = userEvent.setup();
    render(
      <DateTimePicker
        booked={[
          { date: "2026-11-25", time: "09:00", off: true },
          { date: "2026-11-25", time: "13:00", off: true },
        ]}
        onSubmit={vi.fn()}
      />,
    );
    const off = day("Wednesday, November 25, 2026");
    expect(off.getAttribute("aria-disabled")).toBe("true");
    expect(off.getAttribute("title")).toBe(MSG.slotUnavailable);
    expect(document.getElementById(off.getAttribute("aria-describedby")!)?.textContent).toBe(MSG.slotUnavailable);
    expect(off.className).not.toContain("line-through");
    await user.click(off);
    expect(off.getAttribute("aria-selected")).toBe("false");
  });

  it("offers a full day only from the morning", async () => {
    const user = userEvent.setup();
    render(<DateTimePicker booked={[]} duration={8} onSubmit={vi.fn()} />);
    await user.click(day("Wednesday, November 25, 2026"));
    expect((morning() as HTMLButtonElement).disabled).toBe(false);
    expect((afternoon() as HTMLButtonElement).disabled).toBe(true);
  });

  it("when rescheduling, shows the booking's slot as Current, chosen, and submits with Update Booking", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const current = { date: "2026-11-25", time: "09:00" };
    render(
      <DateTimePicker
        booked={[
          { date: "2026-11-25", time: "09:00" },
          { date: "2026-11-26", time: "09:00" },
        ]}
        current={current}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole("heading", { name: "Choose a New Date and Time" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
    expect(day("Wednesday, November 25, 2026").getAttribute("aria-selected")).toBe("true");
    expect(within(morning()).getByText("Current")).toBeTruthy();
    expect(within(morning()).queryByText("Booked")).toBeNull();
    expect((morning() as HTMLButtonElement).disabled).toBe(false);
    expect(morning().getAttribute("aria-pressed")).toBe("true");
    // The current date and time is no change: Update Booking waits for another, and says so.
    expect((screen.getByRole("button", { name: "Update Booking" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Choose another date or time.")).toBeTruthy();

    // Another day's slot held by someone else is Booked, not Current.
    await user.click(day("Thursday, November 26, 2026"));
    expect(within(morning()).getByText("Booked")).toBeTruthy();
    expect(within(morning()).queryByText("Current")).toBeNull();
    // The chosen morning is no longer free there, so the time must be chosen again.
    const update = screen.getByRole("button", { name: "Update Booking" }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    await user.click(afternoon());
    expect(screen.queryByText("Choose another date or time.")).toBeNull();
    await user.click(update);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ date: "2026-11-26", time: "13:00" });
  });

  it("keeps the button disabled while the parent works or the booked slots load, then submits the preselection", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<DateTimePicker booked={[]} busy initial={{ date: "2026-11-25", time: "09:00" }} onSubmit={vi.fn()} />);
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<DateTimePicker booked={null} initial={{ date: "2026-11-25", time: "09:00" }} onSubmit={vi.fn()} />);
    expect(screen.getByRole("status").textContent).toBe("Loading available dates...");
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    const onSubmit = vi.fn();
    rerender(<DateTimePicker booked={[]} initial={{ date: "2026-11-25", time: "09:00" }} onSubmit={onSubmit} />);
    const cont = screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement;
    expect(cont.disabled).toBe(false);
    await user.click(cont);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ date: "2026-11-25", time: "09:00" });
  });

  it("moves focus in the date grid with the arrow keys and chooses the focused day with Enter", async () => {
    const user = userEvent.setup();
    render(<DateTimePicker booked={[]} onSubmit={vi.fn()} />);
    // Today is the grid's one tab stop.
    const today = day("Monday, November 23, 2026");
    expect(today.tabIndex).toBe(0);
    await user.click(today);
    expect(document.activeElement).toBe(today);

    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(day("Tuesday, November 24, 2026"));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(day("Tuesday, December 1, 2026"));
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(day("Monday, November 30, 2026"));
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(day("Monday, November 23, 2026"));
    // Disabled days are reached too (and announced as unavailable).
    await user.keyboard("{ArrowDown}{ArrowLeft}{ArrowLeft}");
    expect(document.activeElement).toBe(day("Saturday, November 28, 2026"));
    await user.keyboard("{Enter}");
    expect(day("Saturday, November 28, 2026").getAttribute("aria-selected")).toBe("false");

    await user.keyboard("{ArrowRight}{ArrowRight}{Enter}");
    const chosen = day("Monday, November 30, 2026");
    expect(document.activeElement).toBe(chosen);
    expect(chosen.getAttribute("aria-selected")).toBe("true");
    expect(chosen.tabIndex).toBe(0);
    expect(today.tabIndex).toBe(-1);
  });

  it("shows the next months when focus moves past them", async () => {
    const user = userEvent.setup();
    render(<DateTimePicker booked={[]} onSubmit={vi.fn()} />);
    await user.click(day("Monday, November 23, 2026"));
    await user.keyboard("{PageDown}{PageDown}");
    expect(document.activeElement).toBe(day("Saturday, January 23, 2027"));
    expect(screen.queryByRole("grid", { name: "November 2026" })).toBeNull();
    expect(screen.getByRole("grid", { name: "January 2027" })).toBeTruthy();
  });
});
