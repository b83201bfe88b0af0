import type { Page } from "playwright-core";

/** Picks a date and a time on the profile's calendar; false when this month has no free weekday left. */
export async function pickOnProfile(page: Page): Promise<boolean> {
  const dates = page.getByRole("group", { name: "Available dates" });
  if ((await dates.count()) === 0) return false;
  const buttons = dates.getByRole("button");
  const count = await buttons.count();
  for (let index = 0; index < count; index++) {
    await buttons.nth(index).click();
    const times = page.getByRole("group", { name: "Available times" });
    const empty = page.getByText("No available times for this date. Please select another date.");
    await times.or(empty).waitFor();
    if (await times.isVisible()) {
      await times.getByRole("button").first().click();
      return true;
    }
  }
  return false;
}

/** Picks the first enabled weekday and free slot in the booking page's picker. */
export async function pickInPicker(page: Page) {
  await page.getByRole("heading", { name: "Choose a Date and Time" }).waitFor();
  await page.getByText("Loading available dates...").waitFor({ state: "detached" });
  const days = page.getByRole("gridcell", { name: /, 20/ });
  const count = await days.count();
  for (let index = 0; index < count; index++) {
    const day = days.nth(index);
    if ((await day.getAttribute("aria-disabled")) === "true") continue;
    await day.click();
    for (const name of ["Morning", "Afternoon"]) {
      const slot = page.getByRole("button", { name: new RegExp(`^${name}`) });
      if (await slot.isEnabled()) {
        await slot.click();
        return;
      }
    }
  }
  throw new Error("no free slot in the picker");
}
