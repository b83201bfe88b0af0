import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SKILL_OPTIONS } from "@vam/shared";
import { SearchBar } from "../../src/features/search/SearchBar";
import { SearchFilters } from "../../src/features/search/SearchFilters";

afterEach(cleanup);

/** A Wednesday and a Saturday well ahead of any clock this runs on. */
const WEDNESDAY = "2030-01-09";
const SATURDAY = "2030-01-05";

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

/** The profile list's search bar with its filters, at `entry`. */
function setup(entry = "/profile/list") {
  const router = createMemoryRouter(
    [
      {
        path: "/profile/list",
        Component: () => (
          <>
            <SearchBar>
              <SearchFilters />
            </SearchBar>
            <Address />
          </>
        ),
      },
      { path: "/data/profiles/suggest", loader: () => ({ ok: true, data: [] }) },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const address = () => screen.getByRole("status", { name: "Address" }).textContent;
const skillsButton = () => screen.getByRole("button", { name: /^Skills/ });
const dateInput = () => screen.getByLabelText("Available on") as HTMLInputElement;
const timeSelect = () => screen.getByRole("combobox", { name: "Time" }) as HTMLSelectElement;
const search = () => screen.getByRole("button", { name: "Search" });

describe("the profile list's filters", () => {
  it("keeps the spec's fields and adds Skills, Available on and Time (Any time, Morning, Afternoon)", () => {
    setup();
    expect(screen.getByRole("combobox", { name: "Name" }).getAttribute("placeholder")).toBe("Enter name");
    expect(screen.getByRole("combobox", { name: "Where" }).getAttribute("placeholder")).toBe("Anywhere");
    expect(skillsButton().textContent).toBe("Any skill");
    expect(dateInput().type).toBe("date");
    expect([...timeSelect().options].map((option) => option.textContent)).toEqual(["Any time", "Morning", "Afternoon"]);
    // A time only means something on a date.
    expect(timeSelect().disabled).toBe(true);
  });

  it("opens the skills as checkboxes from a button, closes them with Escape back onto it, and names the choice", async () => {
    const { user } = setup();
    expect(skillsButton().getAttribute("aria-expanded")).toBe("false");
    await user.click(skillsButton());
    expect(skillsButton().getAttribute("aria-expanded")).toBe("true");
    const panel = screen.getByRole("group", { name: "Skills" });
    expect(skillsButton().getAttribute("aria-controls")).toBe(panel.id);
    expect(
      within(panel)
        .getAllByRole("checkbox")
        .map((box) => box.getAttribute("value")),
    ).toEqual([...SKILL_OPTIONS]);

    await user.click(within(panel).getByRole("checkbox", { name: "Writing" }));
    await user.click(within(panel).getByRole("checkbox", { name: "SEO" }));
    await user.keyboard("{Escape}");
    expect(skillsButton().getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(skillsButton());
    expect(screen.queryByRole("group", { name: "Skills" })).toBeNull();
    // In the list's order, whatever the order of the clicks; the button is named by its label and its value.
    expect(skillsButton().textContent).toBe("Writing, SEO");
    expect(screen.getByRole("button", { name: "Skills Writing, SEO" })).toBe(skillsButton());
  });

  it("writes the skills (repeated), the date and the time into the address on Search, with the name", async () => {
    const { user } = setup();
    await user.type(screen.getByRole("combobox", { name: "Name" }), "Maria");
    await user.click(skillsButton());
    await user.click(screen.getByRole("checkbox", { name: "SEO" }));
    await user.click(screen.getByRole("checkbox", { name: "Marketing" }));
    fireEvent.change(dateInput(), { target: { value: WEDNESDAY } });
    expect(timeSelect().disabled).toBe(false);
    await user.selectOptions(timeSelect(), "Morning");
    await user.click(search());
    expect(address()).toBe(`/profile/list?userName=Maria&skills=Marketing&skills=SEO&date=${WEDNESDAY}&slot=Morning`);
  });

  it("starts from the address's filters, and drops the time when the date is cleared", async () => {
    const { user } = setup(`/profile/list?skills=Wellness&date=${WEDNESDAY}&slot=Afternoon`);
    expect(skillsButton().textContent).toBe("Wellness");
    expect(dateInput().value).toBe(WEDNESDAY);
    expect(timeSelect().value).toBe("Afternoon");

    fireEvent.change(dateInput(), { target: { value: "" } });
    expect(timeSelect().disabled).toBe(true);
    expect(timeSelect().value).toBe("");
    await user.click(search());
    expect(address()).toBe("/profile/list?skills=Wellness");
  });

  it("keeps a skill the address asked for that the list does not know, until it is unticked", async () => {
    const { user } = setup("/profile/list?skills=Plumbing");
    await user.type(screen.getByRole("combobox", { name: "Where" }), "Cebu");
    await user.click(search());
    expect(address()).toBe("/profile/list?location=Cebu&skills=Plumbing");

    await user.click(skillsButton());
    await user.click(screen.getByRole("checkbox", { name: "Plumbing" }));
    await user.click(search());
    expect(address()).toBe("/profile/list?location=Cebu");
  });

  it("says that no one is free on a weekend day", () => {
    setup();
    fireEvent.change(dateInput(), { target: { value: SATURDAY } });
    const hint = screen.getByText("Assistants work on weekdays: no one is free on a Saturday or a Sunday.");
    expect(dateInput().getAttribute("aria-describedby")).toBe(hint.id);
    fireEvent.change(dateInput(), { target: { value: WEDNESDAY } });
    expect(screen.queryByText(/Assistants work on weekdays/)).toBeNull();
  });

  it("follows the address when it changes (a new search, Clear search)", async () => {
    const { router } = setup(`/profile/list?skills=SEO&date=${WEDNESDAY}`);
    expect(skillsButton().textContent).toBe("SEO");
    await act(() => router.navigate("/profile/list"));
    expect(skillsButton().textContent).toBe("Any skill");
    expect(dateInput().value).toBe("");
  });

  it("closes the skills when the pointer goes down elsewhere", async () => {
    const { user } = setup();
    await user.click(skillsButton());
    expect(screen.getByRole("group", { name: "Skills" })).toBeTruthy();
    await user.click(document.body);
    expect(skillsButton().getAttribute("aria-expanded")).toBe("false");
  });
});

describe("the search bar without filters (/home)", () => {
  it("keeps the address's filters and searches the profile list from /home", async () => {
    const router = createMemoryRouter(
      [
        { path: "/home", Component: SearchBar },
        { path: "/profile/list", Component: Address },
      ],
      { initialEntries: ["/home"] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    expect(screen.queryByRole("button", { name: /^Skills/ })).toBeNull();
    await user.type(screen.getByRole("combobox", { name: "Where" }), "Quezon City{Enter}");
    expect(address()).toBe("/profile/list?location=Quezon+City");
  });
});
