/**
 * Money (decisions.md, "Money"): amounts that move are integer centavos, never floating point.
 * A booking's `price` stays whole pesos (the spec's field); every payment, statement line and
 * (later) ledger line is in centavos, converted here and nowhere else.
 */

/** Centavos in a peso. */
export const CENTAVOS = 100;

/** Whole pesos as centavos (a booking price, a reward). */
export function centavosOf(pesos: number): number {
  if (!Number.isSafeInteger(pesos)) throw new RangeError(`Not a whole number of pesos: ${pesos}`);
  return pesos * CENTAVOS;
}

/*
 * The formatters are made at their first use, once, not when the module loads: the first
 * Intl.NumberFormat of a page costs 30 to 100 ms of the main thread (ICU's currency data), and
 * every page that imports MSG loads this module (decision 0004, 2026-11-26).
 */
let pesoCentavosFormat: Intl.NumberFormat | undefined;
let pesoWholeFormat: Intl.NumberFormat | undefined;
const pesoCentavos = () =>
  (pesoCentavosFormat ??= new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP", minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const pesoWhole = () => (pesoWholeFormat ??= new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP", maximumFractionDigits: 0 }));

/**
 * "₱5,000" for whole pesos, "₱4,999.50" otherwise. Formatted from the integer parts, so no
 * binary fraction ever reaches the text.
 */
export function formatCentavos(centavos: number): string {
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  const pesos = Math.trunc(abs / CENTAVOS);
  const rest = abs % CENTAVOS;
  if (rest === 0) return sign + pesoWhole().format(pesos);
  // The whole part formatted alone, the cents appended as digits.
  return `${sign}${pesoCentavos().format(pesos).slice(0, -3)}.${String(rest).padStart(2, "0")}`;
}

/** "5000.00": an amount as QR Ph (EMVCo tag 54) and bank files write it. */
export function decimalPesos(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Not a whole number of centavos: ${centavos}`);
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  return `${sign}${Math.trunc(abs / CENTAVOS)}.${String(abs % CENTAVOS).padStart(2, "0")}`;
}

/**
 * A payment's reference (decisions.md, "Paying with QR Ph"): "VA-" and 6 characters from an
 * alphabet without look-alikes (no 0/O, 1/I/L).
 */
export const PAYMENT_REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PAYMENT_REFERENCE_LENGTH = 6;
export const PAYMENT_REFERENCE_PREFIX = "VA-";
export const PAYMENT_REFERENCE_PATTERN = new RegExp(`^VA-[${PAYMENT_REFERENCE_ALPHABET}]{${PAYMENT_REFERENCE_LENGTH}}$`);

/** A reference as people type it: VA, up to 3 separators, then 6 letters or digits ("va 7kq2mx", "VA7KQ2MX", "VA–7KQ2MX"). */
const WRITTEN = String.raw`va[\s\-_.:#–—]{0,3}([a-z0-9]{${PAYMENT_REFERENCE_LENGTH}})`;
const WRITTEN_ALONE = new RegExp(String.raw`^\s*${WRITTEN}\s*$`, "i");
const WRITTEN_IN_TEXT = new RegExp(String.raw`(?<![a-z0-9])${WRITTEN}(?![a-z0-9])`, "gi");

/** The written form of 6 typed characters, or null when one is outside the alphabet (0, O, 1, I, L). */
const written = (code: string) => {
  const reference = PAYMENT_REFERENCE_PREFIX + code.toUpperCase();
  return PAYMENT_REFERENCE_PATTERN.test(reference) ? reference : null;
};

/** A reference as typed by a person ("va 7kq2mx", "VA7KQ2MX") in its one written form, or null when it is none. */
export function normalizePaymentReference(text: string): string | null {
  const match = WRITTEN_ALONE.exec(text);
  return match ? written(match[1]!) : null;
}

/** Every reference written in a text (a statement line, a sender's note), in its written form, with where it stands. */
export function paymentReferencesIn(text: string): { reference: string; index: number; length: number }[] {
  if (!/va/i.test(text)) return [];
  return [...text.matchAll(WRITTEN_IN_TEXT)].flatMap((match) => {
    const reference = written(match[1]!);
    return reference ? [{ reference, index: match.index, length: match[0].length }] : [];
  });
}

/** The client's own note of the transfer: the reference number printed on their app's receipt. */
export const TRANSFER_REFERENCE_MAX = 40;
