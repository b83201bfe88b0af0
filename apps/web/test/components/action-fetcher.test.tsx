import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActionResult } from "../../src/lib/actions";
import { useActionFetcher } from "../../src/lib/useActionFetcher";

afterEach(cleanup);

/** A page that shows its loader's count and asks its route's action to add to it. */
function CounterPage() {
  const { count } = useLoaderData<{ count: number }>();
  const { submit, busy, done, error, reset } = useActionFetcher<number>();
  return (
    <div>
      <p>Count: {count}</p>
      <button type="button" onClick={() => void submit({ add: 2 })}>
        Add two
      </button>
      <button type="button" onClick={reset}>
        Forget
      </button>
      {busy && <p role="status">Saving</p>}
      {done && <p>Added, now {done.data}</p>}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

/** The router around it: `answer` decides what the action says; the loader reads the stored count. */
function setup(answer: (add: number) => ActionResult<number>) {
  let stored = 1;
  let release: () => void = () => undefined;
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const { add } = (await request.json()) as { add: number };
    await new Promise<void>((resolve) => (release = resolve));
    const result = answer(add);
    if (result.ok) stored = result.data;
    return result;
  });
  const router = createMemoryRouter([{ path: "/", loader: () => ({ count: stored }), action, Component: CounterPage }], {
    hydrationData: { loaderData: { "0": { count: stored } } },
  });
  render(<RouterProvider router={router} />);
  return { action, release: () => act(async () => release()) };
}

describe("useActionFetcher", () => {
  it("sends the JSON body to the route's action, is busy meanwhile, then the loader reads what was written", async () => {
    const user = userEvent.setup();
    const { action, release } = setup((add) => ({ ok: true, data: 1 + add }));
    expect(screen.getByText("Count: 1")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add two" }));
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(action).toHaveBeenCalledOnce();
    expect(action.mock.calls[0]?.[0].request.method).toBe("POST");

    await release();
    expect(await screen.findByText("Count: 3")).toBeTruthy();
    expect(screen.getByText("Added, now 3")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows a refusal's message, and forgets it on reset", async () => {
    const user = userEvent.setup();
    const { release } = setup(() => ({ ok: false, status: 409, message: "Someone else changed it first" }));
    await user.click(screen.getByRole("button", { name: "Add two" }));
    await release();
    expect((await screen.findByRole("alert")).textContent).toBe("Someone else changed it first");
    expect(screen.getByText("Count: 1")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Forget" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("submits to the target named at the submit, and calls onAnswer once per answer", async () => {
    const user = userEvent.setup();
    const heard: ActionResult<string>[] = [];
    const target = vi.fn(
      async ({ params }: { params: { id?: string } }) => ({ ok: true, data: `changed ${params.id}` }) satisfies ActionResult<string>,
    );
    function Changer() {
      const write = useActionFetcher<string>(undefined, { onAnswer: (answer) => heard.push(answer) });
      return (
        <button type="button" onClick={() => void write.submit({}, "put", "/things/7")}>
          Change seven
        </button>
      );
    }
    const router = createMemoryRouter([
      { path: "/", Component: Changer },
      { path: "/things/:id", action: target },
    ]);
    render(<RouterProvider router={router} />);

    await user.click(screen.getByRole("button", { name: "Change seven" }));
    await vi.waitFor(() => expect(heard).toEqual([{ ok: true, data: "changed 7" }]));
    expect(target.mock.calls[0]?.[0]).toMatchObject({ request: { method: "PUT" } });
    // Rendering again does not hear the same answer twice.
    await user.click(screen.getByRole("button", { name: "Change seven" }));
    await vi.waitFor(() => expect(heard).toHaveLength(2));
  });
});
