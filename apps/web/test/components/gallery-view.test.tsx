import type { GalleryPhoto } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GalleryView } from "../../src/features/gallery/GalleryView";
import type { ActionResult } from "../../src/lib/actions";

const photo = (id: string, title: string): GalleryPhoto =>
  ({ id, title, imageUrl: `/uploads/gallery/${id}.png`, description: null, isPublic: true }) as unknown as GalleryPhoto;

/** /profile's gallery: the photos come as the loader's promise. */
function OwnGallery() {
  const { photos } = useLoaderData<{ photos: Promise<GalleryPhoto[]> }>();
  return <GalleryView photos={photos} editable />;
}

/** /profile's gallery in a router whose /data/gallery action answers with `answer`; the loader reads `stored`. */
function setup(answer: () => ActionResult<null>) {
  let stored = [photo("p1", "Desk"), photo("p2", "Garden")];
  let release: (() => void) | null = null;
  const changes: unknown[] = [];
  const router = createMemoryRouter(
    [
      { path: "/", loader: () => ({ photos: Promise.resolve(stored) }), Component: OwnGallery },
      {
        path: "/data/gallery",
        action: async ({ request }) => {
          const change = (await request.json()) as { intent: string; photoId: string };
          changes.push(change);
          await new Promise<void>((resolve) => (release = resolve));
          const result = answer();
          if (result.ok) stored = stored.filter((shown) => shown.id !== change.photoId);
          return result;
        },
      },
    ],
    { hydrationData: { loaderData: { "0": { photos: Promise.resolve(stored) } } } },
  );
  render(<RouterProvider router={router} />);
  /** Lets the action in progress answer (once it has started). */
  const answerNow = async () => {
    await vi.waitFor(() => expect(release).not.toBeNull());
    release?.();
    release = null;
  };
  return { changes, release: answerNow };
}

// The browser's own question, answered by the test.
const confirm = vi.fn(() => true);
beforeEach(() => {
  confirm.mockReset().mockReturnValue(true);
  Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
});
afterEach(cleanup);

describe("GalleryView (the owner's)", () => {
  it("deletes a photo through the gallery's action after asking, its button disabled meanwhile", async () => {
    const user = userEvent.setup();
    const { changes, release } = setup(() => ({ ok: true, data: null }));
    const remove = await screen.findByRole("button", { name: "Delete photo Desk" });

    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this photo?");
    expect(changes).toEqual([{ intent: "delete", photoId: "p1" }]);
    expect((remove as HTMLButtonElement).disabled).toBe(true);

    await release();
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Delete photo Desk" })).toBeNull());
    expect(screen.getByRole("button", { name: "Delete photo Garden" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps the photo and says so when the deletion is refused", async () => {
    const user = userEvent.setup();
    const { release } = setup(() => ({ ok: false, status: 500, message: "Failed to delete the photo. Please try again." }));
    await user.click(await screen.findByRole("button", { name: "Delete photo Garden" }));
    await release();
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to delete the photo. Please try again.");
    expect((screen.getByRole("button", { name: "Delete photo Garden" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("does nothing when the owner does not confirm", async () => {
    confirm.mockReturnValue(false);
    const user = userEvent.setup();
    const { changes } = setup(() => ({ ok: true, data: null }));
    await user.click(await screen.findByRole("button", { name: "Delete photo Desk" }));
    expect(changes).toEqual([]);
  });
});
