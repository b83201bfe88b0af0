import { MSG, type SelfUser } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import BookConsultantPage from "../../src/features/bookings/BookConsultantPage";

afterEach(cleanup);

const MARIA = {
  id: "c1",
  username: "maria",
  role: "Assistant",
  email: "maria@example.ph",
  emailVerified: true,
  pendingEmail: null,
} as unknown as SelfUser;

describe("the booking page's refusal", () => {
  it("an Assistant on their own booking page is told only that they cannot book themselves", async () => {
    const auth: AuthContextValue = { user: MARIA, token: "t", loading: false, logout: vi.fn(), setUser: vi.fn() };
    const router = createMemoryRouter(
      [{ path: "/book/:consultantId", Component: BookConsultantPage, loader: () => ({ data: new Promise<never>(() => {}) }) }],
      { initialEntries: ["/book/c1"] },
    );
    render(
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>,
    );
    const alert = await screen.findByRole("alert");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(MSG.bookingSelf);
    expect(alert.textContent).not.toContain("Something went wrong");
    expect(screen.getByRole("button", { name: "Go Back" })).toBeTruthy();
  });
});
