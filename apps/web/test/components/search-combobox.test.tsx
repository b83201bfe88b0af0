import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation, type LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Result } from "../../src/lib/result";
import { SearchBar } from "../../src/features/search/SearchBar";

afterEach(cleanup);

/** Where the router is: the search bar writes its query there. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

interface Asked {
  field: string;
  q: string;
  signal: AbortSignal;
}

/**
 * The search bar on /profile/list, with a suggestion data route that answers `answer(field, q)`
 * (after `hold` resolves, when given) and records what it was asked.
 */
function setup(answer: (field: string, q: string) => string[], hold?: (asked: Asked) => Promise<void>) {
  const asked: Asked[] = [];
  const loader = vi.fn(async ({ request }: LoaderFunctionArgs): Promise<Result<string[]>> => {
    const params = new URL(request.url).searchParams;
    const entry = { field: params.get("field") ?? "", q: params.get("q") ?? "", signal: request.signal };
    asked.push(entry);
    await hold?.(entry);
    return { ok: true, data: answer(entry.field, entry.q) };
  });
  const router = createMemoryRouter(
    [
      {
        path: "/profile/list",
        Component: () => (
          <>
            <SearchBar />
            <Address />
          </>
        ),
      },
      { path: "/data/profiles/suggest", loader },
    ],
    { initialEntries: ["/profile/list"] },
  );
  render(<RouterProvider router={router} />);
  return { asked, loader, user: userEvent.setup() };
}

const names = (_field: string, q: string) => (q.toLowerCase().startsWith("gar") ? ["Gabriel", "Garcia", "Gardo"] : ["Maria"]);
const nameBox = () => screen.getByRole("combobox", { name: "Name" });
const address = () => screen.getByRole("status", { name: "Address" }).textContent;

describe("the search bar's suggestions (WAI-ARIA 1.2 combobox)", () => {
  it("is a closed combobox until suggestions arrive for what was typed, then shows them in a named list", async () => {
    const { user, asked } = setup(names);
    const input = nameBox();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-autocomplete")).toBe("list");
    const listId = input.getAttribute("aria-controls")!;

    await user.type(input, "Garbiel");
    const list = await screen.findByRole("listbox", { name: "Suggested people" });
    expect(list.id).toBe(listId);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Gabriel", "Garcia", "Gardo"]);
    // Typing fast asked once, for the whole word, after the pause.
    expect(asked.map(({ field, q }) => `${field}:${q}`)).toEqual(["name:Garbiel"]);
  });

  it("moves through the options with the arrows, wrapping, and marks the active one", async () => {
    const { user } = setup(names);
    const input = nameBox();
    await user.type(input, "Gar");
    const list = await screen.findByRole("listbox", { name: "Suggested people" });
    const options = within(list).getAllByRole("option");
    const active = () => input.getAttribute("aria-activedescendant");
    expect(active()).toBeNull();

    await user.keyboard("{ArrowDown}");
    expect(active()).toBe(options[0]!.id);
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(active()).toBe(options[2]!.id);
    await user.keyboard("{ArrowDown}");
    expect(active()).toBe(options[0]!.id);
    await user.keyboard("{ArrowUp}");
    expect(active()).toBe(options[2]!.id);
    expect(options[0]!.getAttribute("aria-selected")).toBe("false");
    expect(document.activeElement).toBe(input);
  });

  it("fills the field with the option picked by Enter, closes the list and does not search", async () => {
    const { user } = setup(names);
    const input = nameBox() as HTMLInputElement;
    await user.type(input, "Garbiel");
    await screen.findByRole("listbox", { name: "Suggested people" });
    await user.keyboard("{ArrowDown}{Enter}");
    expect(input.value).toBe("Gabriel");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-activedescendant")).toBeNull();
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(address()).toBe("/profile/list");

    // The next Enter, with no option active, is the form's: it searches for what the field holds.
    await user.keyboard("{Enter}");
    expect(address()).toBe("/profile/list?userName=Gabriel");
  });

  it("closes with Escape, keeping what was typed, and opens again with ArrowDown", async () => {
    const { user } = setup(names);
    const input = nameBox() as HTMLInputElement;
    await user.type(input, "Gar");
    await screen.findByRole("listbox", { name: "Suggested people" });
    await user.keyboard("{ArrowDown}{Escape}");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(input.value).toBe("Gar");

    await user.keyboard("{ArrowDown}");
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(input.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[0]!.id);
  });

  it("picks an option with the pointer, leaving the focus in the field", async () => {
    const { user } = setup(names);
    const input = nameBox() as HTMLInputElement;
    await user.type(input, "Gar");
    await user.click(await screen.findByRole("option", { name: "Garcia" }));
    expect(input.value).toBe("Garcia");
    expect(document.activeElement).toBe(input);
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("asks the Where field's suggestions as places, in a list of their own", async () => {
    const { user, asked } = setup((field) => (field === "place" ? ["Quezon City, Metro Manila"] : []));
    const where = screen.getByRole("combobox", { name: "Where" }) as HTMLInputElement;
    await user.type(where, "quezn");
    const list = await screen.findByRole("listbox", { name: "Suggested places" });
    await user.keyboard("{ArrowUp}{Enter}");
    expect(where.value).toBe("Quezon City, Metro Manila");
    expect(list.hidden).toBe(true);
    expect(asked.map(({ field, q }) => `${field}:${q}`)).toEqual(["place:quezn"]);
    expect(nameBox().getAttribute("aria-expanded")).toBe("false");
  });

  it("aborts a request that a newer one replaced, and shows only the newer answer", async () => {
    const releases: (() => void)[] = [];
    const { user, asked } = setup(
      (_field, q) => [`${q} suggestion`],
      () => new Promise<void>((resolve) => releases.push(resolve)),
    );
    const input = nameBox();
    await user.type(input, "Mar");
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await user.type(input, "ia");
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[0]!.signal.aborted).toBe(true);
    expect(asked[1]!.signal.aborted).toBe(false);

    await act(async () => releases.forEach((release) => release()));
    expect((await screen.findByRole("option")).textContent).toBe("Maria suggestion");
    expect(screen.queryByRole("option", { name: "Mar suggestion" })).toBeNull();
  });

  it("asks nothing for an empty field, and hides the list when the field is emptied", async () => {
    const { user, loader } = setup(names);
    const input = nameBox();
    await user.type(input, "   ");
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(loader).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, "Gar");
    await screen.findByRole("listbox", { name: "Suggested people" });
    await user.clear(input);
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });
});
