import type { BookingParty, BookingStatus } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Download from "lucide-react/icons/download";
import XCircle from "lucide-react/icons/circle-x";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BookingEditMenu, type BookingMenuItem } from "../../src/features/bookings/BookingEditMenu";
import { bookingMenuActions } from "../../src/features/bookings/booking-menu";
import { booking, manila } from "../fixtures";

afterEach(cleanup);

function setup(disabled = false) {
  const user = userEvent.setup();
  const onSelect = { reschedule: vi.fn(), cancel: vi.fn(), download: vi.fn() };
  const items: BookingMenuItem[] = [
    { label: "Reschedule", icon: CalendarClock, onSelect: onSelect.reschedule },
    { label: "Cancel booking", icon: XCircle, onSelect: onSelect.cancel, danger: true },
    { label: "Add to calendar", icon: Download, onSelect: onSelect.download },
  ];
  render(
    <div>
      <BookingEditMenu items={items} disabled={disabled} />
      <button type="button">Elsewhere</button>
    </div>,
  );
  const button = screen.getByRole("button", { name: "Edit booking" });
  const item = (name: string) => screen.getByRole("menuitem", { name });
  return { user, onSelect, button, item };
}

describe("BookingEditMenu", () => {
  it("opens with its button on the first entry, and the button says so", async () => {
    const { user, button, item } = setup();
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await user.click(button);
    expect(screen.getByRole("menu", { name: "Edit booking" })).toBeTruthy();
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("menuitem").map((entry) => entry.textContent)).toEqual(["Reschedule", "Cancel booking", "Add to calendar"]);
    expect(document.activeElement).toBe(item("Reschedule"));
    // The button closes it again.
    await user.click(button);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("Escape closes it and puts focus back on the button", async () => {
    const { user, button, item, onSelect } = setup();
    await user.click(button);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Cancel booking"));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(Object.values(onSelect).every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  it("ArrowDown and ArrowUp move through the entries, wrapping around; Home and End jump", async () => {
    const { user, button, item } = setup();
    await user.click(button);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Cancel booking"));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Add to calendar"));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Reschedule"));
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(item("Add to calendar"));
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(item("Cancel booking"));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(item("Reschedule"));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(item("Add to calendar"));
  });

  it("opens from the keyboard: ArrowDown on the first entry, ArrowUp on the last", async () => {
    const { user, button, item } = setup();
    button.focus();
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(item("Add to calendar"));
    await user.keyboard("{Escape}");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(item("Reschedule"));
    await user.keyboard("{Escape}");
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(item("Reschedule"));
  });

  it("choosing an entry (click or Enter) calls its onSelect once, closes the menu and returns focus", async () => {
    const { user, button, item, onSelect } = setup();
    await user.click(button);
    await user.click(item("Cancel booking"));
    expect(onSelect.cancel).toHaveBeenCalledOnce();
    expect(onSelect.reschedule).not.toHaveBeenCalled();
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.keyboard("{End}{Enter}");
    expect(onSelect.download).toHaveBeenCalledOnce();
    expect(onSelect.cancel).toHaveBeenCalledOnce();
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("a click elsewhere or Tab closes it without choosing", async () => {
    const { user, button, onSelect } = setup();
    await user.click(button);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("menu")).toBeNull();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole("menu")).toBeNull();
    expect(Object.values(onSelect).every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  it("cannot be opened while disabled", async () => {
    const { user, button } = setup(true);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(button);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("bookingMenuActions: the entries per status and party", () => {
  const DAY = "2026-11-23";
  /** After the 09:00-13:00 booking. */
  const OVER = manila(DAY, "14:00");
  const BEFORE = manila(DAY, "08:00");

  it.each([
    ["PENDING", "client", ["reschedule", "cancel", "download"]],
    ["PENDING", "consultant", ["reschedule", "cancel", "download", "complete"]],
    ["CONFIRMED", "client", ["reschedule", "cancel", "download"]],
    ["CONFIRMED", "consultant", ["reschedule", "cancel", "download", "complete"]],
    ["COMPLETED", "client", ["download"]],
    ["COMPLETED", "consultant", ["download"]],
    ["CANCELLED", "client", ["download"]],
    ["CANCELLED", "consultant", ["download"]],
  ] as const satisfies readonly (readonly [BookingStatus, BookingParty, readonly string[]])[])(
    "%s, paid and over, for the %s: %j",
    (status, party, expected) => {
      expect(bookingMenuActions(booking(DAY, status, { paymentStatus: "PAID" }), party, OVER)).toEqual(expected);
    },
  );

  it("the consultant is offered Complete only once the booking is over and paid", () => {
    expect(bookingMenuActions(booking(DAY, "CONFIRMED", { paymentStatus: "PAID" }), "consultant", BEFORE)).toEqual([
      "reschedule",
      "cancel",
      "download",
    ]);
    expect(bookingMenuActions(booking(DAY, "CONFIRMED", { paymentStatus: "UNVERIFIED" }), "consultant", OVER)).toEqual([
      "reschedule",
      "cancel",
      "download",
    ]);
  });
});
