/** Manila calendar dates relative to today, for booking tests. */
const manilaToday = () => new Date(Date.now() + 8 * 3600_000);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The `n`-th weekday after today in Manila (n = 1: the next one). */
export function weekdayAhead(n: number): string {
  const date = manilaToday();
  let found = 0;
  while (found < n) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) found += 1;
  }
  return iso(date);
}

export function nextSaturday(): string {
  const date = manilaToday();
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() !== 6);
  return iso(date);
}
