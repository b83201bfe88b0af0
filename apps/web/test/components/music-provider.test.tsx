import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MusicProvider } from "../../src/features/music/MusicProvider";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("MusicProvider", () => {
  it("asks the browser to autoplay with the attribute (never play() before an interaction), and starts at the first click otherwise", () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue();
    const load = vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
    const { container } = render(<MusicProvider>page</MusicProvider>);
    const audio = container.querySelector("audio")!;
    // The test's document has loaded: autoplay is asked for at once.
    expect(audio.autoplay).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(play).not.toHaveBeenCalled();
    fireEvent.click(document.body);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it("does not start the music again at a click once it has played (paused some other way since)", () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
    const { container } = render(<MusicProvider>page</MusicProvider>);
    fireEvent(container.querySelector("audio")!, new Event("playing"));
    fireEvent.click(document.body);
    fireEvent.keyDown(document.body, { key: "a" });
    expect(play).not.toHaveBeenCalled();
  });
});
