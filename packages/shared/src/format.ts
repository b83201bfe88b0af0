const peso = new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP", maximumFractionDigits: 0 });

/** ₱1,250 — prices are whole pesos shown in the Philippine locale. */
export function formatPeso(amount: number): string {
  return peso.format(amount);
}
