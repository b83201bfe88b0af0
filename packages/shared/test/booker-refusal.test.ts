import { describe, expect, it } from "vitest";
import { MSG, bookerRefusal } from "../src/index.js";

describe("who may book an Assistant", () => {
  it("refuses an Operator and an Assistant booking themselves; lets clients and other Assistants book", () => {
    expect(bookerRefusal({ id: "op", role: "Operator" }, "maria")).toBe(MSG.bookingNotBookable);
    expect(bookerRefusal({ id: "maria", role: "Assistant" }, "maria")).toBe(MSG.bookingSelf);
    expect(bookerRefusal({ id: "juan", role: "Assistant" }, "maria")).toBeNull();
    expect(bookerRefusal({ id: "boss", role: "Boss" }, "maria")).toBeNull();
    expect(bookerRefusal({ id: "sharer", role: "Sharer" }, "maria")).toBeNull();
  });
});
