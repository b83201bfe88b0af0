import { MSG, UPLOAD_LIMIT_BYTES } from "@vam/shared";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { uploadImage } from "../../src/api/upload";
import { UploadWidget } from "../../src/components/upload/UploadWidget";

vi.mock("../../src/api/upload", () => ({ uploadImage: vi.fn() }));
const upload = vi.mocked(uploadImage);

/** A file of `size` bytes (the content is not read). */
function file(name: string, type: string, size = 1024): File {
  const chosen = new File(["x"], name, { type });
  Object.defineProperty(chosen, "size", { value: size });
  return chosen;
}

/** An upload held open: its progress reported and its answer given by the test. */
function pendingUpload() {
  let report: (progress: number) => void = () => undefined;
  let finish: (url: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  upload.mockImplementationOnce(
    (_file, _folder, options) =>
      new Promise<string>((resolve, reject) => {
        report = (progress) => options?.onProgress?.(progress);
        finish = resolve;
        fail = reject;
      }),
  );
  return {
    report: (progress: number) => act(async () => report(progress)),
    finish: (url: string) => act(async () => finish(url)),
    fail: (error: Error) => act(async () => fail(error)),
  };
}

const setup = () => {
  const user = userEvent.setup({ applyAccept: false });
  const onUploaded = vi.fn();
  render(<UploadWidget folder="gallery" label="Add photo" onUploaded={onUploaded} />);
  const input = screen.getByLabelText(/Add photo/) as HTMLInputElement;
  return { user, onUploaded, input };
};

beforeEach(() => upload.mockReset());
afterEach(cleanup);

describe("UploadWidget", () => {
  it("tells the allowed types and size, and uploads a chosen image with its progress", async () => {
    const { user, onUploaded, input } = setup();
    expect(screen.getByText(`JPG, PNG or GIF, up to ${UPLOAD_LIMIT_BYTES.gallery / 1024 / 1024} MB`)).toBeTruthy();
    const pending = pendingUpload();

    await user.upload(input, file("cat.png", "image/png"));
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ name: "cat.png" }), "gallery", expect.anything());
    expect(screen.getByRole("progressbar", { name: "Upload progress" }).getAttribute("aria-valuenow")).toBe("0");
    expect(input.disabled).toBe(true);

    await pending.report(40);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");

    await pending.finish("/uploads/gallery/cat.png");
    expect(onUploaded).toHaveBeenCalledWith("/uploads/gallery/cat.png");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Upload successful");
    expect(input.disabled).toBe(false);
  });

  it("clears the success note after a moment", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, input } = setup();
      upload.mockResolvedValueOnce("/uploads/gallery/a.jpg");
      await user.upload(input, file("a.jpg", "image/jpeg"));
      expect(screen.getByRole("status").textContent).toBe("Upload successful");
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(screen.getByRole("status").textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a file of another type without uploading it, and Try Again clears the refusal", async () => {
    const { user, onUploaded, input } = setup();
    await user.upload(input, file("notes.pdf", "application/pdf"));
    expect(screen.getByRole("alert").textContent).toContain(MSG.uploadInvalidType);
    expect(upload).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("refuses a file over the folder's limit with the limit in the text", async () => {
    const { user, input } = setup();
    await user.upload(input, file("huge.jpg", "image/jpeg", UPLOAD_LIMIT_BYTES.gallery + 1));
    expect(screen.getByRole("alert").textContent).toContain(MSG.uploadTooLarge(UPLOAD_LIMIT_BYTES.gallery / 1024 / 1024));
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows why an upload failed, and lets the same file be chosen again", async () => {
    const { user, onUploaded, input } = setup();
    const pending = pendingUpload();
    await user.upload(input, file("cat.gif", "image/gif"));
    await pending.fail(new Error("Upload failed: the server is busy"));
    expect(screen.getByRole("alert").textContent).toContain("Upload failed: the server is busy");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
    // The input was emptied, so choosing the same file again is a change.
    expect(input.value).toBe("");

    upload.mockResolvedValueOnce("/uploads/gallery/cat.gif");
    await user.upload(input, file("cat.gif", "image/gif"));
    expect(onUploaded).toHaveBeenCalledWith("/uploads/gallery/cat.gif");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
