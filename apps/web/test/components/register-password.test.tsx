import { MSG } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import RegisterPage from "../../src/features/auth/RegisterPage";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import type { Result } from "../../src/lib/result";

afterEach(cleanup);

/** /register in a memory router, signed out; its action answers `answer` and keeps what was sent. */
function setup(answer: Result<string>) {
  const sent: { password?: string }[] = [];
  const auth: AuthContextValue = { user: null, token: null, loading: false, logout: vi.fn(), setUser: vi.fn() };
  const router = createMemoryRouter(
    [
      {
        path: "/register",
        Component: RegisterPage,
        action: async ({ request }) => {
          sent.push((await request.json()) as { password?: string });
          return answer;
        },
      },
    ],
    { initialEntries: ["/register"] },
  );
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return { user: userEvent.setup(), sent };
}

/** The text an input's aria-describedby points at (its hint and its error). */
const description = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

describe("RegisterPage: passwords", () => {
  it("says 8 to 128 characters, and shows the server's refusal of a common password at the Password field", async () => {
    const { user, sent } = setup({ ok: false, status: 400, message: MSG.passwordCommon, field: "password" });
    await screen.findByRole("heading", { name: "Create a Profile" });
    const password = screen.getByLabelText("Password");
    expect(description(password)).toContain("8 to 128 characters");

    await user.type(screen.getByLabelText("First name"), "Liza");
    await user.type(screen.getByLabelText("Last name"), "Mercado");
    await user.type(screen.getByLabelText("Username"), "liza_m");
    await user.type(screen.getByLabelText("Email"), "liza@example.ph");
    await user.type(password, "Password123");
    await user.selectOptions(screen.getByLabelText("Role"), "Sharer");
    await user.type(screen.getByLabelText("Address"), "Quezon City");
    await user.selectOptions(screen.getByLabelText("Experience"), "1-3 years");
    await user.selectOptions(screen.getByLabelText("Availability"), "Part-time");
    await user.click(screen.getByRole("button", { name: "Create Profile" }));

    expect(await screen.findByText(MSG.passwordCommon)).toBeTruthy();
    expect(sent.map((body) => body.password)).toEqual(["Password123"]);
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(description(password)).toContain(MSG.passwordCommon);
    expect(document.activeElement).toBe(password);
    // At the field only, not (also) above the form.
    expect(screen.getAllByText(MSG.passwordCommon)).toHaveLength(1);
  });

  it("refuses 129 characters before sending, at the field", async () => {
    const { user, sent } = setup({ ok: true, data: MSG.registerSuccess });
    await screen.findByRole("heading", { name: "Create a Profile" });
    const password = screen.getByLabelText("Password");
    await user.click(password);
    await user.paste("a".repeat(129));
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByText(MSG.passwordTooLong)).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });
});
