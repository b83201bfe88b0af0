import { OPERATOR_ROLE, type SelfUser } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import { AdminLayout } from "../../src/layouts/AdminLayout";

afterEach(cleanup);

const OPERATOR = {
  id: "u2",
  username: "olivia",
  firstName: "Olivia",
  lastName: "Reyes",
  role: OPERATOR_ROLE,
  email: "olivia@example.ph",
  emailVerified: true,
  pendingEmail: null,
} as unknown as SelfUser;

describe("the operator console's header", () => {
  it("names the logo link with the words shown, 'VA Marketplace', apart", async () => {
    const auth: AuthContextValue = { user: OPERATOR, token: "t", loading: false, logout: vi.fn(), setUser: vi.fn() };
    const router = createMemoryRouter([{ path: "/admin", Component: AdminLayout, children: [{ index: true, element: <p>Console</p> }] }], {
      initialEntries: ["/admin"],
    });
    render(
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>,
    );
    const logo = await screen.findByRole("link", { name: "VA Marketplace home" });
    expect(logo.textContent).toContain("VA Marketplace");
    expect(logo.textContent).not.toContain("VAMarketplace");
  });
});
