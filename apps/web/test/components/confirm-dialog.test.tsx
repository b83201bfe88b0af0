import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "../../src/components/ConfirmDialog";

afterEach(cleanup);

describe("ConfirmDialog", () => {
  it("confirms with its button and closes on Escape", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog open title="Cancel booking?" confirmLabel="Yes, cancel" onConfirm={onConfirm} onCancel={onClose}>
        <p>The other party will be told.</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole("dialog", { name: "Cancel booking?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Yes, cancel" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalled();
  });
});
