import type { SelfUser } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import { ContactActions } from "../../src/features/profiles/ContactActions";

afterEach(cleanup);

const RAMON = {
  id: "u1",
  username: "ramon",
  role: "Boss",
  email: "ramon@example.ph",
  emailVerified: true,
  pendingEmail: null,
} as unknown as SelfUser;

function setup(user: SelfUser | null) {
  const auth: AuthContextValue = { user, token: user ? "t" : null, loading: false, logout: vi.fn(), setUser: vi.fn() };
  const router = createMemoryRouter([{ path: "/", element: <ContactActions person={{ id: "c1", firstName: "Maria" }} /> }]);
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
}

describe("ContactActions", () => {
  it("offers a signed-out visitor Contact only: they have no chat history", () => {
    setup(null);
    expect(screen.getByRole("button", { name: "Contact Maria" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "View Chat History" })).toBeNull();
  });

  it("offers someone signed in their chat history with the person", () => {
    setup(RAMON);
    expect(screen.getByRole("link", { name: "View Chat History" }).getAttribute("href")).toBe("/chat/c1");
  });
});
