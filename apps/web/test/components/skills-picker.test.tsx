import { SKILL_OPTIONS } from "@vam/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SkillsPicker } from "../../src/components/form/SkillsPicker";

afterEach(cleanup);

/** The picker with its value kept, as a form keeps it; `changes` sees every change. */
function Picker({ initial = [], changes }: { initial?: string[]; changes?: (skills: string[]) => void }) {
  const [skills, setSkills] = useState(initial);
  return (
    <SkillsPicker
      value={skills}
      onChange={(next) => {
        changes?.(next);
        setSkills(next);
      }}
    />
  );
}

const chosen = () => within(screen.getByRole("list", { name: "Chosen skills" }));
const available = () => screen.queryByRole("list", { name: "Available skills" });

describe("SkillsPicker", () => {
  it("starts empty, adds a skill once and offers it no more", async () => {
    const user = userEvent.setup();
    const changes = vi.fn();
    render(<Picker changes={changes} />);
    expect(chosen().getByText("No skills chosen yet")).toBeTruthy();

    const [first] = SKILL_OPTIONS;
    await user.click(screen.getByRole("button", { name: `Add ${first}` }));
    expect(changes).toHaveBeenLastCalledWith([first]);
    expect(chosen().getByText(first)).toBeTruthy();
    expect(screen.queryByRole("button", { name: `Add ${first}` })).toBeNull();
    expect(chosen().queryByText("No skills chosen yet")).toBeNull();
  });

  it("moves focus to the next skill on offer after adding one, and back to its Add button after removing it", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const [first, second] = SKILL_OPTIONS;

    await user.click(screen.getByRole("button", { name: `Add ${first}` }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: `Add ${second}` }));

    await user.click(screen.getByRole("button", { name: `Remove ${first}` }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: `Add ${first}` }));
    expect(chosen().getByText("No skills chosen yet")).toBeTruthy();
  });

  it("hides the offer once every skill is chosen, leaving focus on the last one's Remove button", async () => {
    const user = userEvent.setup();
    const last = SKILL_OPTIONS[SKILL_OPTIONS.length - 1];
    render(<Picker initial={SKILL_OPTIONS.slice(0, -1)} />);

    await user.click(screen.getByRole("button", { name: `Add ${last}` }));
    expect(available()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: `Remove ${last}` }));
  });

  it("shows its error and names it as the group's description", () => {
    render(<SkillsPicker value={[]} onChange={() => undefined} error="Choose at least one skill" />);
    const group = screen.getByRole("group", { name: "Skills" });
    const error = screen.getByText("Choose at least one skill");
    expect(group.getAttribute("aria-describedby")).toBe(error.id);
  });
});
