import { MSG, createReviewSchema } from "@vam/shared";
import type { ActionFunctionArgs } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonBody } from "../src/lib/json-body";

vi.mock("../src/features/reviews/reviews-api", () => ({ submitReview: vi.fn(), fetchReviewPage: vi.fn() }));
const { submitReview } = await import("../src/features/reviews/reviews-api");
const { submitReviewAction } = await import("../src/features/reviews/reviews-data");
vi.mock("../src/features/admin/admin-api", async (original) => ({
  ...(await original<typeof import("../src/features/admin/admin-api")>()),
  importStatement: vi.fn(),
}));
const { importStatement } = await import("../src/features/admin/admin-api");
const { adminStatementsAction } = await import("../src/features/admin/admin-actions");

/** A fetcher's submission as a route action receives it: a JSON body, or text that is not JSON. */
const posted = (body: unknown) =>
  new Request("http://localhost/data/reviews/b1", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("jsonBody: a fetcher's body parsed with its schema", () => {
  it("answers the parsed body, as the schema gives it", async () => {
    expect(await jsonBody(posted({ rating: 5, text: "  Great  " }), createReviewSchema)).toEqual({ ok: true, data: { rating: 5, text: "Great" } });
  });

  it("refuses a body that fails its schema as the server would: 400, the first problem's message and field", async () => {
    expect(await jsonBody(posted({ rating: 9 }), createReviewSchema)).toEqual({
      ok: false,
      status: 400,
      message: MSG.reviewRatingInvalid,
      field: "rating",
    });
  });

  it("refuses a body that is not JSON", async () => {
    expect(await jsonBody(posted("{rating"), createReviewSchema)).toEqual({ ok: false, status: 400, message: MSG.invalidJson });
  });
});

describe("a route action given a body that fails its schema", () => {
  beforeEach(() => vi.mocked(submitReview).mockReset());

  it("answers the refusal and sends nothing to the server", async () => {
    const args = { request: posted({ rating: "five" }), params: { bookingId: "b1" } } as unknown as ActionFunctionArgs;
    await expect(submitReviewAction(args)).resolves.toEqual({ ok: false, status: 400, message: MSG.reviewRatingInvalid, field: "rating" });
    expect(submitReview).not.toHaveBeenCalled();
  });

  it("sends a body that parses", async () => {
    vi.mocked(submitReview).mockResolvedValue({ id: "b1" } as Awaited<ReturnType<typeof submitReview>>);
    const args = { request: posted({ rating: 4, text: "" }), params: { bookingId: "b1" } } as unknown as ActionFunctionArgs;
    await expect(submitReviewAction(args)).resolves.toMatchObject({ ok: true });
    expect(submitReview).toHaveBeenCalledWith("b1", { rating: 4, text: null });
  });
});

describe("the statement import's form", () => {
  /** The import form as the statements page sends it: the file and, for an unknown layout, the columns as JSON. */
  const imported = (mapping: string) => {
    const form = new FormData();
    form.set("intent", "import");
    form.set("file", new Blob(["Txn Date;Amount\n"], { type: "text/csv" }), "statement.csv");
    form.set("mapping", mapping);
    return { request: new Request("http://localhost/admin/statements", { method: "POST", body: form }), params: {} } as unknown as ActionFunctionArgs;
  };

  beforeEach(() => vi.mocked(importStatement).mockReset());

  it("refuses columns that are not JSON, or not a mapping, with the mapping's message, and sends nothing", async () => {
    for (const mapping of ["{date", JSON.stringify({ amount: "Amount" })]) {
      await expect(adminStatementsAction(imported(mapping))).resolves.toEqual({
        ok: false,
        status: 400,
        message: MSG.statementMappingInvalid,
        field: "mapping",
      });
    }
    expect(importStatement).not.toHaveBeenCalled();
  });

  it("sends the parsed columns", async () => {
    vi.mocked(importStatement).mockResolvedValue({} as Awaited<ReturnType<typeof importStatement>>);
    const mapping = { date: "Txn Date", amount: "Amount", reference: "Remarks" };
    await expect(adminStatementsAction(imported(JSON.stringify(mapping)))).resolves.toMatchObject({ ok: true });
    expect(vi.mocked(importStatement).mock.calls[0]?.[1]).toEqual(mapping);
  });
});
