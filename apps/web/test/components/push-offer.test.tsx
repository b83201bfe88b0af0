import { PUSH_MSG } from "@vam/shared";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BookingSuccess } from "../../src/features/bookings/book/BookingSuccess";
import type { NotificationIntent } from "../../src/features/notifications/notifications-data";
import { askPushPermission, readDevicePushState } from "../../src/features/notifications/push-device";
import { PUSH_OFFER_KEY } from "../../src/features/notifications/push-offer-answer";
import type { ActionResult } from "../../src/lib/actions";
import { booking } from "../fixtures";

// The browser's side of push (its service worker, permission and subscription) is what each test sets.
vi.mock("../../src/features/notifications/push-device", () => ({
  readDevicePushState: vi.fn(),
  askPushPermission: vi.fn(),
  subscribeWithKey: vi.fn(),
}));
const deviceState = vi.mocked(readDevicePushState);
const permission = vi.mocked(askPushPermission);

beforeEach(() => {
  localStorage.clear();
  deviceState.mockReset();
  permission.mockReset();
});
afterEach(cleanup);

const REGION = { name: PUSH_MSG.offerTitle };

/**
 * The last step of booking Maria Santos, in a memory router whose /notifications action (the
 * notifications feature's own) records each intent and answers with `answer`.
 */
function success(answer: () => ActionResult = () => ({ ok: true, data: null })) {
  const intents: NotificationIntent[] = [];
  const made = booking("2026-12-01", "PENDING");
  const router = createMemoryRouter(
    [
      { path: "/", element: <BookingSuccess bookings={[made]} consultant={made.consultant as never} name="Maria Santos" zone="Asia/Manila" /> },
      {
        path: "/notifications",
        action: async ({ request }) => {
          intents.push((await request.json()) as NotificationIntent);
          return answer();
        },
      },
    ],
    { initialEntries: ["/"] },
  );
  const view = render(<RouterProvider router={router} />);
  return { intents, view, user: userEvent.setup() };
}

/** The step is shown and the browser's state has been read (the offer appears only after). */
async function shown() {
  await screen.findByText(/Booking ID/);
  await act(async () => {
    await Promise.resolve();
  });
}

describe("the offer of push notifications after a booking (issue 33, point 4)", () => {
  it("is not made where the browser cannot push", async () => {
    deviceState.mockResolvedValue("unsupported");
    success();
    await shown();
    expect(deviceState).toHaveBeenCalled();
    expect(screen.queryByRole("region", REGION)).toBeNull();
  });

  it("is not made where the browser's permission is refused", async () => {
    deviceState.mockResolvedValue("blocked");
    success();
    await shown();
    expect(deviceState).toHaveBeenCalled();
    expect(screen.queryByRole("region", REGION)).toBeNull();
  });

  it("is not made to a device already subscribed", async () => {
    deviceState.mockResolvedValue("on");
    success();
    await shown();
    expect(deviceState).toHaveBeenCalled();
    expect(screen.queryByRole("region", REGION)).toBeNull();
  });

  it("is made to a device that can and is not subscribed; turning on asks the permission and registers the device, once", async () => {
    deviceState.mockResolvedValue("off");
    permission.mockResolvedValue("granted");
    const { intents, user, view } = success();
    const region = await screen.findByRole("region", REGION);
    expect(within(region).getByText("Get alerts on this device when Maria replies or your booking changes.")).toBeTruthy();
    // The spec's texts of the step stay as they were.
    expect(screen.getByRole("link", { name: "Proceed to Chat" })).toBeTruthy();

    await user.click(within(region).getByRole("button", { name: PUSH_MSG.turnOn }));
    expect((await within(region).findByRole("status")).textContent).toBe(PUSH_MSG.stateOn);
    expect(permission).toHaveBeenCalledTimes(1);
    expect(intents).toEqual([{ intent: "pushOnHere" }]);
    expect(within(region).queryByRole("button")).toBeNull();
    // Focus stays in the region (its buttons went), whose status is read out.
    expect(region.contains(document.activeElement)).toBe(true);
    expect(localStorage.getItem(PUSH_OFFER_KEY)).toBe("subscribed");

    // The next booking on this device: no offer, and the browser is not even asked.
    view.unmount();
    deviceState.mockClear();
    success();
    await shown();
    expect(screen.queryByRole("region", REGION)).toBeNull();
    expect(deviceState).not.toHaveBeenCalled();
  });

  it("once dismissed, is never made again on this device", async () => {
    deviceState.mockResolvedValue("off");
    const { intents, user, view } = success();
    const region = await screen.findByRole("region", REGION);
    await user.click(within(region).getByRole("button", { name: PUSH_MSG.offerNotNow }));
    expect(within(region).getByRole("status").textContent).toBe(PUSH_MSG.offerLater);
    expect(within(region).queryByRole("button")).toBeNull();
    expect(permission).not.toHaveBeenCalled();
    expect(intents).toEqual([]);
    expect(localStorage.getItem(PUSH_OFFER_KEY)).toBe("dismissed");

    view.unmount();
    success();
    await shown();
    expect(screen.queryByRole("region", REGION)).toBeNull();
  });

  it("says why when the browser's prompt is closed without an answer, and keeps the button", async () => {
    deviceState.mockResolvedValue("off");
    permission.mockResolvedValue("dismissed");
    const { intents, user } = success();
    const region = await screen.findByRole("region", REGION);
    await user.click(within(region).getByRole("button", { name: PUSH_MSG.turnOn }));
    expect((await within(region).findByRole("alert")).textContent).toBe(PUSH_MSG.permissionDismissed);
    expect(within(region).getByRole("button", { name: PUSH_MSG.turnOn })).toBeTruthy();
    expect(intents).toEqual([]);
    expect(localStorage.getItem(PUSH_OFFER_KEY)).toBeNull();
  });

  it("tells the server's refusal and lets the person try again", async () => {
    deviceState.mockResolvedValue("off");
    permission.mockResolvedValue("granted");
    const { intents, user } = success(() => ({ ok: false, status: 404, message: PUSH_MSG.notConfigured }));
    const region = await screen.findByRole("region", REGION);
    await user.click(within(region).getByRole("button", { name: PUSH_MSG.turnOn }));
    expect((await within(region).findByRole("alert")).textContent).toBe(PUSH_MSG.notConfigured);
    expect(intents).toEqual([{ intent: "pushOnHere" }]);
    expect(within(region).getByRole("button", { name: PUSH_MSG.turnOn })).toBeTruthy();
    expect(localStorage.getItem(PUSH_OFFER_KEY)).toBeNull();
  });
});
