import { MSG, OPERATOR_ROLE, type SelfUser } from "@vam/shared";
import type { ReactNode } from "react";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import LoginPage from "../../src/features/auth/LoginPage";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import { ProtectedLayout } from "../../src/layouts/ProtectedLayout";
import { PublicLayout } from "../../src/layouts/PublicLayout";

// The frame (navigation, footer) is not what is tested here: only what the layouts put in it.
vi.mock("../../src/layouts/AppFrame", () => ({ AppFrame: ({ children }: { children: ReactNode }) => <main>{children}</main> }));

afterEach(cleanup);

const CLIENT = {
  id: "u1",
  username: "liza",
  role: "Client",
  email: "liza@example.ph",
  emailVerified: true,
  pendingEmail: null,
} as unknown as SelfUser;
const OPERATOR = { ...CLIENT, id: "u2", username: "olivia", role: OPERATOR_ROLE } as SelfUser;

function Where() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="where">{pathname + search + hash}</p>;
}

/** The app's two layouts with a page each that shows its address, and /login, signed in as `user` or not. */
function setup(entry: string, user: SelfUser | null) {
  const auth: AuthContextValue = { user, token: user ? "t" : null, loading: false, logout: vi.fn(), setUser: vi.fn() };
  const router = createMemoryRouter(
    [
      {
        Component: PublicLayout,
        children: [
          { path: "/login", Component: LoginPage },
          { path: "/profile/list", Component: Where },
        ],
      },
      { Component: ProtectedLayout, children: [{ path: "/bookings", Component: Where }] },
      { path: "/admin", Component: Where },
    ],
    { initialEntries: [entry] },
  );
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return router;
}

describe("where signing in leads", () => {
  it("a protected page opened signed out leads to /login, which carries where the person was going", async () => {
    const router = setup("/bookings?tab=past#b1", null);
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/bookings?tab=past#b1");
  });

  it("once signed in, /login leads to the page it was given", async () => {
    setup(`/login?next=${encodeURIComponent("/bookings?tab=past")}`, CLIENT);
    expect((await screen.findByTestId("where")).textContent).toBe("/bookings?tab=past");
  });

  it("without a destination, operators land on the console and others on the list", async () => {
    setup("/login", OPERATOR);
    expect((await screen.findByTestId("where")).textContent).toBe("/admin");
    cleanup();
    setup("/login", CLIENT);
    expect((await screen.findByTestId("where")).textContent).toBe("/profile/list");
  });

  it.each(["//evil.example/bookings", "/\\evil.example", "https://evil.example/", "bookings", "javascript:alert(1)"])(
    "a destination that is not a path of this site (%s) is ignored",
    async (next) => {
      setup(`/login?next=${encodeURIComponent(next)}`, CLIENT);
      expect((await screen.findByTestId("where")).textContent).toBe("/profile/list");
    },
  );
});

describe("the verify-email banner", () => {
  it("shows on /profile/list for a signed-in user whose address is not verified", async () => {
    setup("/profile/list", { ...CLIENT, emailVerified: false });
    expect(await screen.findByText(MSG.verifyEmailBanner(CLIENT.email))).toBeTruthy();
  });

  it("does not show for a verified user", async () => {
    setup("/profile/list", CLIENT);
    await screen.findByTestId("where");
    expect(screen.queryByText(MSG.verifyEmailBanner(CLIENT.email))).toBeNull();
  });
});
