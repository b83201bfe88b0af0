import { afterEach, describe, expect, it, vi } from "vitest";

/*
 * Issue 31 (the profile pages' total blocking time): every page imports MSG, and with it money.ts
 * and format.ts. The first Intl object a page makes costs 30 to 100 ms of its main thread (ICU's
 * data), so loading the shared code makes none: a formatter is made at its first use, once
 * (decision 0004, 2026-11-26).
 */
/** Counts the objects made by an Intl constructor while it is replaced. */
function countConstructs<K extends "NumberFormat" | "DateTimeFormat">(name: K) {
  const original = Intl[name];
  const counter = { made: 0, restore: () => void (Intl[name] = original) };
  Intl[name] = new Proxy(original, {
    construct(target, args: unknown[]) {
      counter.made += 1;
      return Reflect.construct(target, args) as object;
    },
  });
  return counter;
}

describe("loading @vam/shared", () => {
  const counters: { restore(): void }[] = [];
  afterEach(() => {
    for (const counter of counters.splice(0)) counter.restore();
    vi.resetModules();
  });

  it("makes no Intl formatter until one is used, then one that is kept", { timeout: 60_000 }, async () => {
    vi.resetModules();
    const numberFormats = countConstructs("NumberFormat");
    const dateFormats = countConstructs("DateTimeFormat");
    counters.push(numberFormats, dateFormats);
    const shared = await import("../src/index.js");
    expect(shared.MSG).toBeDefined();
    expect(numberFormats.made).toBe(0);
    expect(dateFormats.made).toBe(0);

    expect(shared.formatPeso(1250)).toBe("₱1,250");
    expect(shared.formatPeso(1250000)).toBe("₱1,250,000");
    expect(shared.formatCentavos(499950)).toBe("₱4,999.50");
    expect(shared.formatCentavos(500000)).toBe("₱5,000");
    expect(shared.formatCentavos(-1)).toBe("-₱0.01");
    const made = numberFormats.made;
    expect(made).toBeGreaterThan(0);
    shared.formatPeso(1);
    shared.formatCentavos(123456);
    shared.formatCentavos(100);
    expect(numberFormats.made).toBe(made);
  });

  it("keeps the constants the profile pages show out of the schema modules", { timeout: 60_000 }, async () => {
    const constants = await import("../src/constants.js");
    const shared = await import("../src/index.js");
    expect(constants.MESSAGE_MAX).toBe(2000);
    expect(constants.SEARCH_SLOTS).toEqual(["Morning", "Afternoon"]);
    expect(shared.MESSAGE_MAX).toBe(constants.MESSAGE_MAX);
    expect(shared.SEARCH_SLOTS).toBe(constants.SEARCH_SLOTS);
  });
});
