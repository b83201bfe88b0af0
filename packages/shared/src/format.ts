/** Made at the first price shown, once: not when the module loads (money.ts says why). */
let peso: Intl.NumberFormat | undefined;

/** ₱1,250 — prices are whole pesos shown in the Philippine locale. */
export function formatPeso(amount: number): string {
  peso ??= new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP", maximumFractionDigits: 0 });
  return peso.format(amount);
}

/** "9:00 AM" from "09:00" (hours wrap at 24). */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const hour = ((h % 24) + 24) % 24;
  const suffix = hour < 12 ? "AM" : "PM";
  const display = hour % 12 === 0 ? 12 : hour % 12;
  return `${display}:${String(m).padStart(2, "0")} ${suffix}`;
}
