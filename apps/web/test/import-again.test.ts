import { afterEach, describe, expect, it, vi } from "vitest";
import { importAgain } from "../src/lib/import-again";

/** A browser's online state and its "online" event, in Node. */
function fakeBrowser(onLine: boolean) {
  const target = new EventTarget();
  vi.stubGlobal("navigator", { onLine });
  vi.stubGlobal("addEventListener", target.addEventListener.bind(target));
  return { backOnline: () => target.dispatchEvent(new Event("online")) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const failing = (failures: number) => {
  let calls = 0;
  const load = vi.fn(async () => {
    if (++calls <= failures) throw new TypeError("Failed to fetch dynamically imported module");
    return "module";
  });
  return load;
};

describe("importAgain", () => {
  it("waits offline until the browser is back online, then loads", async () => {
    const browser = fakeBrowser(false);
    const load = failing(1);
    const loaded = importAgain(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resume) => setTimeout(resume, 50));
    expect(load).toHaveBeenCalledTimes(1);
    browser.backOnline();
    await expect(loaded).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("tries again after a pause when the browser thinks it is online", async () => {
    vi.useFakeTimers();
    fakeBrowser(true);
    const load = failing(2);
    const loaded = importAgain(load);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(loaded).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("gives the error after the last try", async () => {
    vi.useFakeTimers();
    fakeBrowser(true);
    const load = failing(5);
    const loaded = importAgain(load, 2);
    const outcome = expect(loaded).rejects.toThrow("Failed to fetch dynamically imported module");
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
    expect(load).toHaveBeenCalledTimes(2);
  });
});
