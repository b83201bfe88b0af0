import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, formatLongDate, formatTime, manilaToday, mondayOf, shiftDate, type Booking, type TimeOffOverview } from "@vam/shared";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, expectNoHorizontalOverflow, logIn, registerViaApi } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const api = <T>(username: string, method: string, path: string, body?: unknown) => apiAs<T>(e2e, username, method, path, body);

describe("time off", () => {
  it("an Assistant blocks a week and a slot on the dashboard; a Boss's picker shows them unavailable; time over a booking is refused with it listed", async () => {
    await registerViaApi(e2e, { username: "tina_boss", firstName: "Tina", lastName: "Villanueva", role: "Boss" });
    const olga = await registerViaApi(e2e, { username: "olga_va", firstName: "Olga", lastName: "Reyes", role: "Assistant" });
    await api("olga_va", "POST", "/profiles/profile", {});

    // A week of leave two weeks ahead (Monday to Friday), the next Monday's afternoon, and a booking on the Tuesday after.
    const monday = mondayOf(shiftDate(manilaToday(), 14));
    const week = [0, 1, 2, 3, 4].map((day) => shiftDate(monday, day));
    const friday = week[4]!;
    const slotDay = shiftDate(monday, 7);
    const bookedDay = shiftDate(monday, 8);
    const { booking } = await api<{ booking: Booking }>("tina_boss", "POST", "/bookings/create", {
      consultantId: olga.id,
      date: bookedDay,
      startTime: "09:00",
      duration: 4,
    });

    const { page } = await e2e.newPage();
    await page.setViewportSize(DESKTOP);
    await logIn(page, "olga_va");
    await page.goto("/booking-dashboard");
    const section = page.getByRole("region", { name: MSG.timeOff });
    await section.getByRole("heading", { name: MSG.timeOff, level: 2 }).waitFor();
    await section.getByText(MSG.noTimeOff).waitFor();
    // The holidays ahead are listed under the switch, which is off.
    const holidaySwitch = section.getByRole("switch", { name: MSG.holidaysSwitch });
    expect(await holidaySwitch.getAttribute("aria-checked")).toBe("false");
    expect(await section.getByRole("list", { name: "Upcoming regular holidays" }).getByRole("listitem").count()).toBeGreaterThan(0);
    await e2e.screenshot(page, "time-off-dashboard-empty");

    // The week: a range takes whole days, so the slot cannot be chosen.
    const slot = section.getByLabel("Slot");
    expect(await slot.isDisabled()).toBe(true);
    await section.getByLabel("From", { exact: true }).fill(monday);
    expect(await section.getByLabel("To", { exact: true }).inputValue()).toBe(monday);
    expect(await slot.isEnabled()).toBe(true);
    await section.getByLabel("To", { exact: true }).fill(friday);
    expect(await slot.isDisabled()).toBe(true);
    await section.getByLabel("Note (only you see it)").fill("Family trip to Bohol");
    await section.getByRole("button", { name: "Block time" }).click();
    await page.getByText(MSG.timeOffAdded).waitFor();
    const weekRemove = section.getByRole("button", { name: `Remove time off ${formatLongDate(monday)} to ${formatLongDate(friday)}` });
    await weekRemove.waitFor();
    const weekRow = section.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Remove time off/ }), hasText: "Family trip" });
    await weekRow.getByText(`${formatLongDate(monday)} – ${formatLongDate(friday)}`).waitFor();
    await weekRow.getByText("5 weekdays").waitFor();
    await weekRow.getByText("Family trip to Bohol").waitFor();
    expect(await section.getByLabel("From", { exact: true }).inputValue()).toBe("");

    // One afternoon, by keyboard-friendly native controls.
    await section.getByLabel("From", { exact: true }).fill(slotDay);
    await slot.selectOption({ label: "Afternoon (1:00 PM to 5:00 PM)" });
    await section.getByRole("button", { name: "Block time" }).click();
    await section.getByRole("button", { name: `Remove time off ${formatLongDate(slotDay)}, Afternoon` }).waitFor();
    const planned = section.getByRole("list", { name: "Planned time off" });
    await planned
      .getByRole("listitem")
      .filter({ hasText: formatLongDate(slotDay) })
      .getByText("Afternoon (1:00 PM to 5:00 PM)", { exact: true })
      .waitFor();

    // The day with Tina's booking: refused, the booking listed.
    await section.getByLabel("From", { exact: true }).fill(bookedDay);
    await section.getByRole("button", { name: "Block time" }).click();
    const refusal = section.getByRole("alert");
    await refusal.getByText(MSG.timeOffOverBookings(1)).waitFor();
    const listed = refusal.getByRole("listitem");
    expect(await listed.count()).toBe(1);
    expect(await listed.textContent()).toBe(
      `${formatLongDate(bookedDay)}, ${formatTime(booking.startTime)} - ${formatTime(booking.endTime)}: Tina Villanueva`,
    );
    expect(await section.getByRole("button", { name: /^Remove time off/ }).count()).toBe(2);

    await expectNoSeriousA11yViolations(page, "main");
    // The screenshots without the toasts, from the top (the top bar is sticky).
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, "time-off-dashboard-desktop");
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page, "main");
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, "time-off-dashboard-phone");
    await page.setViewportSize(DESKTOP);

    // The holiday switch turns on and off again, unless Tina's booking falls on a holiday (then it is refused).
    const { holidays } = await api<TimeOffOverview>("olga_va", "GET", "/time-off");
    await holidaySwitch.click();
    if (holidays.some((holiday) => holiday.date === bookedDay)) {
      await section.getByRole("alert").filter({ hasText: "Tina Villanueva" }).nth(1).waitFor();
      expect(await holidaySwitch.getAttribute("aria-checked")).toBe("false");
    } else {
      await expect.poll(() => holidaySwitch.getAttribute("aria-checked")).toBe("true");
      await page.reload();
      await expect.poll(() => holidaySwitch.getAttribute("aria-checked")).toBe("true");
      await e2e.screenshot(page, "time-off-holidays-on");
      await holidaySwitch.focus();
      await page.keyboard.press("Space");
      await expect.poll(() => holidaySwitch.getAttribute("aria-checked")).toBe("false");
    }

    // The Boss's picker: the week's days are disabled and described as Unavailable; the Monday's afternoon is Unavailable.
    const boss = (await e2e.newPage()).page;
    await boss.setViewportSize(DESKTOP);
    await logIn(boss, "tina_boss");
    await boss.goto(`/book/${olga.id}`);
    await boss.getByRole("heading", { name: "Choose a Date and Time" }).waitFor();
    await boss.getByText("Loading available dates...").waitFor({ state: "detached" });
    const day = (date: string) => boss.getByRole("gridcell", { name: formatLongDate(date), exact: true });
    // The picker shows this month and the next; the dates are at most four weeks ahead.
    for (const date of week) {
      await expect.poll(() => day(date).getAttribute("aria-disabled")).toBe("true");
      expect(await day(date).getAttribute("title")).toBe(MSG.slotUnavailable);
      expect(await day(date).evaluate((cell) => document.getElementById(cell.getAttribute("aria-describedby") ?? "")?.textContent)).toBe(
        MSG.slotUnavailable,
      );
    }
    expect(await day(slotDay).getAttribute("aria-disabled")).toBeNull();
    await day(slotDay).click();
    const afternoon = boss.getByRole("button", { name: /^Afternoon/ });
    const morning = boss.getByRole("button", { name: /^Morning/ });
    await afternoon.getByText(MSG.slotUnavailable, { exact: true }).waitFor();
    expect(await afternoon.isDisabled()).toBe(true);
    expect(await afternoon.getByText("Booked", { exact: true }).count()).toBe(0);
    expect(await morning.isEnabled()).toBe(true);
    // Tina's own booking is still Booked, not Unavailable.
    await day(bookedDay).click();
    await morning.getByText("Booked", { exact: true }).waitFor();
    expect(await morning.getByText(MSG.slotUnavailable, { exact: true }).count()).toBe(0);
    await day(slotDay).click();
    await boss.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(boss, "time-off-picker-desktop");
    await expectNoSeriousA11yViolations(boss, "main");
    await boss.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(boss);
    await e2e.screenshot(boss, "time-off-picker-phone");

    // Removed, the afternoon is free again.
    await section.getByRole("button", { name: `Remove time off ${formatLongDate(slotDay)}, Afternoon` }).click();
    await page.getByText(MSG.timeOffRemoved).waitFor();
    await section.getByRole("button", { name: `Remove time off ${formatLongDate(slotDay)}, Afternoon` }).waitFor({ state: "detached" });
    await weekRemove.waitFor();
    await boss.reload();
    await boss.getByText("Loading available dates...").waitFor({ state: "detached" });
    await day(slotDay).click();
    await expect.poll(() => afternoon.isEnabled()).toBe(true);
    expect(await afternoon.getByText(MSG.slotUnavailable, { exact: true }).count()).toBe(0);
  });

  it("the holiday switch over a booked holiday names it, offers to take the other holidays off, and lists the one kept", async () => {
    await registerViaApi(e2e, { username: "tomas_boss", firstName: "Tomas", lastName: "Garcia", role: "Boss" });
    const hana = await registerViaApi(e2e, { username: "hana_va", firstName: "Hana", lastName: "Cruz", role: "Assistant" });
    await api("hana_va", "POST", "/profiles/profile", {});
    // The next weekday holiday from tomorrow on (the server's list, from the holiday library), booked by Tomas.
    const { holidays } = await api<TimeOffOverview>("hana_va", "GET", "/time-off");
    const holiday = holidays.find((h) => h.date > manilaToday())!;
    const { booking } = await api<{ booking: Booking }>("tomas_boss", "POST", "/bookings/create", {
      consultantId: hana.id,
      date: holiday.date,
      startTime: "13:00",
      duration: 4,
    });

    const { page } = await e2e.newPage();
    await page.setViewportSize(DESKTOP);
    await logIn(page, "hana_va");
    await page.goto("/booking-dashboard");
    const section = page.getByRole("region", { name: MSG.timeOff });
    const holidaySwitch = section.getByRole("switch", { name: MSG.holidaysSwitch });
    await holidaySwitch.click();

    // Refused: the holiday named with its booking, and the switch stays off.
    const refusal = section.getByRole("alert");
    await refusal.getByText(MSG.holidaysOverBookings(1)).waitFor();
    expect(await refusal.getByRole("listitem").allTextContents()).toEqual([
      `${formatLongDate(holiday.date)}, ${holiday.name}: ${formatTime(booking.startTime)} - ${formatTime(booking.endTime)}, Tomas Garcia`,
    ]);
    expect(await holidaySwitch.getAttribute("aria-checked")).toBe("false");
    const offer = section.getByRole("button", { name: MSG.holidaysKeepBooked });
    await expectNoSeriousA11yViolations(page, "main");
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, "time-off-holidays-offer-desktop");
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page, "main");
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, "time-off-holidays-offer-phone");

    // Taken: the switch is on, the refusal gone, and the kept holiday listed with who booked it.
    await offer.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => holidaySwitch.getAttribute("aria-checked")).toBe("true");
    const kept = section.getByRole("list", { name: MSG.holidaysKept });
    await kept.waitFor();
    expect(await kept.getByRole("listitem").allTextContents()).toEqual([
      `${formatLongDate(holiday.date)}, ${holiday.name} — a booking with Tomas Garcia`,
    ]);
    expect(await section.getByRole("alert").count()).toBe(0);
    expect(await offer.count()).toBe(0);
    await section.getByText(MSG.holidaysKeptNote).waitFor();
    await page.reload();
    await expect.poll(() => holidaySwitch.getAttribute("aria-checked")).toBe("true");
    await kept.getByText(`${holiday.name} — a booking with Tomas Garcia`, { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, "main");
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, "time-off-holidays-kept-phone");
    await page.setViewportSize(DESKTOP);
    await e2e.screenshot(page, "time-off-holidays-kept-desktop");

    // Switched off, nothing is kept any more.
    await holidaySwitch.click();
    await expect.poll(() => holidaySwitch.getAttribute("aria-checked")).toBe("false");
    await kept.waitFor({ state: "detached" });
    expect(await api<TimeOffOverview>("hana_va", "GET", "/time-off")).toMatchObject({ holidaysOff: false, keptHolidays: [] });
  });
});
