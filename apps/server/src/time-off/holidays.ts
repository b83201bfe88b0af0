import Holidays from "date-holidays";

export interface Holiday {
  /** Manila date (yyyy-MM-dd). */
  date: string;
  name: string;
}

// date-holidays' calendar of the Philippines; its "public" holidays are the regular holidays
// (New Year's Day, Maundy Thursday, Good Friday, Day of Valor, Labour Day, Independence Day,
// National Heroes' Day, Bonifacio Day, Christmas, Rizal Day and the two Eids).
const calendar = new Holidays("PH", { timezone: "Asia/Manila" });
const byYear = new Map<number, Holiday[]>();

function regularHolidaysOf(year: number): Holiday[] {
  let found = byYear.get(year);
  if (!found) {
    found = calendar
      .getHolidays(year)
      .filter((holiday) => holiday.type === "public")
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }));
    byYear.set(year, found);
  }
  return found;
}

/** The Philippines' regular holidays from `from` to `to` (Manila dates, both included), in order. */
export function regularHolidays(from: string, to: string): Holiday[] {
  const holidays: Holiday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    holidays.push(...regularHolidaysOf(year).filter((holiday) => holiday.date >= from && holiday.date <= to));
  }
  return holidays;
}

/** Whether `date` is a regular holiday in the Philippines. */
export const isRegularHoliday = (date: string) => regularHolidaysOf(Number(date.slice(0, 4))).some((holiday) => holiday.date === date);
