import { describe, expect, it } from "vitest";
import { DATA_ROOT, TIME_OFF_PATH, dataHref } from "../src/lib/data-routes";

// Issue 35: a data route's address is built from the same path the router declares.
describe("dataHref", () => {
  it("fills the path's parameters, encoded, under the data root, and adds the query", () => {
    expect(dataHref("chat/older/:chatId", { chatId: "a b/c" }, { before: "x&y" })).toBe(`${DATA_ROOT}/chat/older/a%20b%2Fc?before=x%26y`);
    expect(dataHref("bookings/cancellation/:kind/:id", { kind: "series", id: "42" })).toBe("/data/bookings/cancellation/series/42");
  });

  it("leaves an optional parameter's segment out when it is not given", () => {
    expect(TIME_OFF_PATH).toMatch(/:id\?$/);
    expect(dataHref(TIME_OFF_PATH, {})).toBe(`/data/${TIME_OFF_PATH.replace("/:id?", "")}`);
    expect(dataHref(TIME_OFF_PATH, { id: "7" })).toBe(`/data/${TIME_OFF_PATH.replace(":id?", "7")}`);
  });
});
