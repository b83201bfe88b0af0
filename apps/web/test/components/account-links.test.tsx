import { MSG, type SelfUser } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import UnsubscribePage from "../../src/features/account/UnsubscribePage";
import VerifyEmailPage from "../../src/features/account/VerifyEmailPage";
import ForgotPasswordPage from "../../src/features/auth/ForgotPasswordPage";
import LoginPage from "../../src/features/auth/LoginPage";
import ResetPasswordPage from "../../src/features/auth/ResetPasswordPage";
import { AuthContext, type AuthContextValue } from "../../src/features/auth/auth-context";
import type { Result } from "../../src/lib/result";

afterEach(cleanup);

const USER = { id: "u1", username: "liza", email: "liza@example.ph", emailVerified: false, pendingEmail: null } as SelfUser;

/** The pages of the emailed links (and /login, where a reset leads) in a memory router, signed in as `user` or not. */
function setup(routes: RouteObject[], entry: string, user: SelfUser | null = null) {
  const auth: AuthContextValue = { user, token: user ? "t" : null, loading: false, logout: vi.fn(), setUser: vi.fn() };
  const router = createMemoryRouter([...routes, { path: "/login", Component: LoginPage }], { initialEntries: [entry] });
  render(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return { user: userEvent.setup(), router, auth };
}

describe("ForgotPasswordPage", () => {
  it("checks the address, then shows the server's answer in the status region; a refusal shows as an alert", async () => {
    const sent: unknown[] = [];
    let answer: Result<string> = { ok: false, status: 429, message: MSG.tooManyRequests };
    const { user } = setup(
      [
        {
          path: "/forgot-password",
          Component: ForgotPasswordPage,
          action: async ({ request }) => {
            sent.push((await request.json()) as unknown);
            return answer;
          },
        },
      ],
      "/forgot-password",
    );
    await screen.findByRole("heading", { name: MSG.forgotPasswordTitle });
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
    await user.type(screen.getByLabelText("Email"), "Liza@Example.ph");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect((await screen.findByRole("alert")).textContent).toContain(MSG.tooManyRequests);
    expect(sent).toEqual([{ email: "liza@example.ph" }]);

    answer = { ok: true, data: MSG.resetRequested };
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.resetRequested));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("ResetPasswordPage", () => {
  const reset = (check: Result, answer: Result<string>, sent: unknown[] = []): RouteObject => ({
    path: "/reset-password",
    Component: ResetPasswordPage,
    loader: () => check,
    action: async ({ request }) => {
      sent.push((await request.json()) as unknown);
      return answer;
    },
  });

  it("says why a link cannot be used, and offers a new one", async () => {
    setup([reset({ ok: false, status: 400, message: MSG.resetTokenExpired }, { ok: true, data: "" })], "/reset-password?token=old");
    expect((await screen.findByRole("alert")).textContent).toContain(MSG.resetTokenExpired);
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("wants the same password twice by the shared rules, then leads to /login, which says it was changed", async () => {
    const sent: unknown[] = [];
    const { user, router } = setup(
      [reset({ ok: true, data: null }, { ok: true, data: MSG.passwordResetDone }, sent)],
      "/reset-password?token=abc_123",
    );
    await screen.findByRole("heading", { name: "Set a new password" });
    await user.type(screen.getByLabelText("New password"), "short");
    await user.type(screen.getByLabelText("Confirm new password"), "short");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText(MSG.passwordTooShort)).toBeTruthy();
    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "mabuhay2026");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText(MSG.passwordsDiffer)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText("Confirm new password"));
    await user.type(screen.getByLabelText("Confirm new password"), "mabuhay2026");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    await screen.findByRole("heading", { name: "Log in" });
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.getByRole("status").textContent).toBe(MSG.passwordResetDone);
    expect(sent).toEqual([{ token: "abc_123", password: "mabuhay2026" }]);
    expect(screen.getByRole("link", { name: MSG.forgotPasswordTitle }).getAttribute("href")).toBe("/forgot-password");
  });
});

describe("VerifyEmailPage", () => {
  it("gives the session the verified user when signed in", async () => {
    const verified = { ...USER, emailVerified: true };
    const { auth } = setup(
      [{ path: "/verify-email", Component: VerifyEmailPage, loader: () => ({ ok: true, data: { message: MSG.emailVerified, user: verified } }) }],
      "/verify-email?token=abc",
      USER,
    );
    expect((await screen.findByRole("status")).textContent).toBe(MSG.emailVerified);
    await vi.waitFor(() => expect(auth.setUser).toHaveBeenCalledWith(verified));
    expect(screen.queryByRole("button", { name: "Resend link" })).toBeNull();
  });

  it("offers the link again to whoever is signed in when it did not work, and a way to log in to anyone else", async () => {
    const failed = { ok: false, status: 400, message: MSG.verifyTokenExpired };
    setup([{ path: "/verify-email", Component: VerifyEmailPage, loader: () => failed }], "/verify-email?token=abc", USER);
    expect((await screen.findByRole("alert")).textContent).toContain(MSG.verifyTokenExpired);
    expect(screen.getByRole("button", { name: "Resend link" })).toBeTruthy();
    cleanup();

    setup([{ path: "/verify-email", Component: VerifyEmailPage, loader: () => failed }], "/verify-email?token=abc");
    await screen.findByRole("alert");
    expect(screen.queryByRole("button", { name: "Resend link" })).toBeNull();
    expect(screen.getByRole("link", { name: "Log in" })).toBeTruthy();
  });
});

describe("UnsubscribePage", () => {
  it("opening the link changes nothing; the Unsubscribe button stops the emails, and the same link turns them back on", async () => {
    const asked: { on: boolean; query: string }[] = [];
    const { user } = setup(
      [
        {
          path: "/unsubscribe",
          Component: UnsubscribePage,
          loader: () => ({ ok: true, data: { message: MSG.unsubscribeAsk("New bookings"), on: true } }),
          action: async ({ request }) => {
            const { on } = (await request.json()) as { on: boolean };
            asked.push({ on, query: new URL(request.url).search });
            return { ok: true, data: { message: on ? MSG.resubscribed("New bookings") : MSG.unsubscribed("New bookings"), on } };
          },
        },
      ],
      "/unsubscribe?u=u1&k=bookingCreated&t=sig",
    );
    expect((await screen.findByRole("status")).textContent).toBe(MSG.unsubscribeAsk("New bookings"));
    // Opened, nothing is asked of the server yet: only the button unsubscribes.
    expect(asked).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.unsubscribed("New bookings")));
    await user.click(await screen.findByRole("button", { name: "Turn them back on" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.resubscribed("New bookings")));
    await user.click(await screen.findByRole("button", { name: "Turn them off again" }));
    await vi.waitFor(() => expect(screen.getByRole("status").textContent).toBe(MSG.unsubscribed("New bookings")));
    expect(asked).toEqual([
      { on: false, query: "?u=u1&k=bookingCreated&t=sig" },
      { on: true, query: "?u=u1&k=bookingCreated&t=sig" },
      { on: false, query: "?u=u1&k=bookingCreated&t=sig" },
    ]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a link whose emails are already off says so and offers to turn them back on", async () => {
    setup(
      [
        {
          path: "/unsubscribe",
          Component: UnsubscribePage,
          loader: () => ({ ok: true, data: { message: MSG.unsubscribed("New bookings"), on: false } }),
        },
      ],
      "/unsubscribe?u=u1&k=bookingCreated&t=sig",
    );
    expect((await screen.findByRole("status")).textContent).toBe(MSG.unsubscribed("New bookings"));
    expect(screen.getByRole("button", { name: "Turn them back on" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("says a link is not valid, with nothing to turn on", async () => {
    setup(
      [{ path: "/unsubscribe", Component: UnsubscribePage, loader: () => ({ ok: false, status: 400, message: MSG.unsubscribeInvalid }) }],
      "/unsubscribe?u=x",
    );
    expect((await screen.findByRole("alert")).textContent).toContain(MSG.unsubscribeInvalid);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
