import { MSG, UPLOAD_LIMIT_BYTES, type UploadFolder } from "@vam/shared";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { uploadImage } from "../../src/api/upload";
import { UploadWidget } from "../../src/components/upload/UploadWidget";

// The upload itself (an XMLHttpRequest) is stubbed: these tests are about what the widget lets through.
vi.mock("../../src/api/upload", () => ({ uploadImage: vi.fn() }));
const upload = vi.mocked(uploadImage);

/** A file of `size` bytes (the content is not read). */
function file(name: string, type: string, size = 1024): File {
  const chosen = new File(["x"], name, { type });
  Object.defineProperty(chosen, "size", { value: size });
  return chosen;
}

function setup(folder: UploadFolder, label = "Choose image") {
  const user = userEvent.setup({ applyAccept: false });
  const onUploaded = vi.fn();
  render(<UploadWidget folder={folder} label={label} onUploaded={onUploaded} />);
  const input = screen.getByLabelText(new RegExp(label)) as HTMLInputElement;
  return { user, onUploaded, input };
}

beforeEach(() => {
  upload.mockReset();
  upload.mockImplementation((chosen) => Promise.resolve(`/uploads/${chosen.name}`));
});
afterEach(cleanup);

describe("UploadWidget, folder by folder", () => {
  it.each([
    ["avatars", "1.5"],
    ["gallery", "2"],
    ["postings", "5"],
  ] as const)("%s: tells its %s MB limit, takes a file of exactly that size and refuses one byte more", async (folder, mb) => {
    const { user, onUploaded, input } = setup(folder);
    expect(input.getAttribute("type")).toBe("file");
    // The hint is the input's description, so a screen reader says it with the field.
    expect(screen.getByText(`JPG, PNG or GIF, up to ${mb} MB`).id).toBe(input.getAttribute("aria-describedby"));

    await user.upload(input, file("max.jpg", "image/jpeg", UPLOAD_LIMIT_BYTES[folder]));
    expect(upload).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ name: "max.jpg" }), folder, expect.anything());
    expect(onUploaded).toHaveBeenCalledWith("/uploads/max.jpg");
    expect(screen.queryByRole("alert")).toBeNull();

    await user.upload(input, file("over.jpg", "image/jpeg", UPLOAD_LIMIT_BYTES[folder] + 1));
    expect(screen.getByRole("alert").textContent).toContain(`File too large. Maximum size: ${mb}MB`);
    expect(upload).toHaveBeenCalledOnce();
    expect(onUploaded).toHaveBeenCalledOnce();
  });

  it.each([
    ["photo.jpg", "image/jpeg"],
    ["photo.jpg", "image/jpg"],
    ["photo.png", "image/png"],
    ["photo.gif", "image/gif"],
  ])("uploads %s of type %s", async (name, type) => {
    const { user, onUploaded, input } = setup("gallery");
    await user.upload(input, file(name, type));
    expect(onUploaded).toHaveBeenCalledWith(`/uploads/${name}`);
    expect(screen.getByRole("status").textContent).toBe("Upload successful");
  });

  it.each([
    ["photo.webp", "image/webp"],
    ["drawing.svg", "image/svg+xml"],
    ["photo.jpg", ""],
  ])("refuses %s of type %j, whatever its name says", async (name, type) => {
    const { user, onUploaded, input } = setup("avatars", "Profile photo");
    await user.upload(input, file(name, type));
    expect(screen.getByRole("alert").textContent).toContain(MSG.uploadInvalidType);
    expect(screen.getByRole("alert").textContent).toContain("Invalid file type. Allowed: image/jpeg, image/jpg, image/png, image/gif");
    expect(upload).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("a good file after a refused one uploads and clears the refusal", async () => {
    const { user, onUploaded, input } = setup("gallery");
    await user.upload(input, file("notes.pdf", "application/pdf"));
    expect(screen.getByRole("alert")).toBeTruthy();
    await user.upload(input, file("cat.png", "image/png"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onUploaded).toHaveBeenCalledWith("/uploads/cat.png");
  });

  it("offers only the image types in the file dialog", () => {
    const { input } = setup("gallery");
    expect(input.accept.split(",")).toEqual(["image/jpeg", "image/png", "image/gif"]);
  });
});
