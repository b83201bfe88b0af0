import { cleanup, render, screen } from "@testing-library/react";
import type { ChatAttachment } from "@vam/shared";
import { afterEach, describe, expect, it } from "vitest";
import { MessageAttachments } from "../../src/features/chat/MessageAttachments";
import { PendingFiles } from "../../src/features/chat/PendingFiles";
import { formatFileSize } from "../../src/features/chat/file-size";

afterEach(cleanup);

const image: ChatAttachment = {
  id: "f1",
  kind: "image",
  name: "desk.png",
  size: 52_000,
  contentType: "image/png",
  width: 800,
  height: 600,
  url: "/api/chat-files/f1?u=me&e=1&s=x",
  thumbnailUrl: "/api/chat-files/f1/thumbnail?u=me&e=1&s=y",
};
const pdf: ChatAttachment = {
  ...image,
  id: "f2",
  kind: "document",
  name: "Kontrata.pdf",
  size: 3_400_000,
  contentType: "application/pdf",
  width: null,
  height: null,
  url: "/api/chat-files/f2?u=me&e=1&s=z",
  thumbnailUrl: null,
};

describe("a message's files", () => {
  it("shows an image's thumbnail opening the full image, and a document as a download with its size", () => {
    render(<MessageAttachments attachments={[image, pdf]} mine={false} />);
    const thumbnail = screen.getByRole("img", { name: "Image: desk.png" });
    expect(thumbnail.getAttribute("src")).toBe(image.thumbnailUrl);
    expect(screen.getByRole("link", { name: /Image: desk\.png/ }).getAttribute("href")).toBe(image.url);
    const download = screen.getByRole("link", { name: /Kontrata\.pdf/ });
    expect(download.getAttribute("href")).toBe(pdf.url);
    expect(download.getAttribute("download")).toBe("Kontrata.pdf");
    expect(download.textContent).toContain("3.2 MB");
  });

  it("shows nothing for a message without files", () => {
    const { container } = render(<MessageAttachments attachments={[]} mine />);
    expect(container.innerHTML).toBe("");
  });
});

describe("the files of the message being written", () => {
  const file = new File(["x".repeat(2048)], "notes.txt", { type: "text/plain" });
  it("shows progress and Cancel while uploading, Retry and the reason when refused", () => {
    render(
      <PendingFiles
        files={[
          { key: "a", file, status: "uploading", progress: 40 },
          { key: "b", file: new File(["x"], "page.html"), status: "failed", progress: 0, error: "Web pages (HTML, SVG) cannot be sent" },
        ]}
        onRemove={() => undefined}
        onRetry={() => undefined}
      />,
    );
    const bar = screen.getByRole("progressbar", { name: "Uploading notes.txt" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(screen.getByRole("button", { name: "Cancel notes.txt" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry page.html" })).toBeTruthy();
    expect(screen.getByText("Web pages (HTML, SVG) cannot be sent")).toBeTruthy();
  });

  it("words sizes as people read them", () => {
    expect([formatFileSize(900), formatFileSize(2048), formatFileSize(10 * 1024 * 1024)]).toEqual(["900 B", "2 KB", "10.0 MB"]);
  });
});
