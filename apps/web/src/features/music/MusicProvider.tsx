import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import loopUrl from "./loop.mp3";
import { MusicContext } from "./music-context";

const FIRST_INTERACTION_EVENTS = ["click", "keydown"] as const;

/**
 * Owns the looping background music so that it keeps playing across layouts. Browsers may
 * block autoplay; then playback starts on the user's first click or key press.
 *
 * The loop (a 60 KB MP3, `scripts/make-assets.ts`) is fetched only when playback starts
 * (`preload="none"`), and autoplay is asked for once the page has loaded, so that the music never
 * competes with the page's own files for the network.
 */
export function MusicProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const cancelDeferredStart = useRef<() => void>(() => {});

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = 1;

    const startOnInteraction = () => {
      cancelDeferredStart.current();
      void audio.play().catch(() => {});
    };
    // The browser's own "play if allowed": with the autoplay attribute, an element that may play
    // loads and starts, one that may not keeps to preload="none" and fetches nothing. (Calling
    // play() to find out made Chromium download the whole file while refusing to play it, when the
    // element was made after the page's load, as it is under pages drawn in their HTML: decision 0030.)
    const tryAutoplay = () => {
      audio.autoplay = true;
      audio.load();
    };
    const cancel = () => {
      window.removeEventListener("load", tryAutoplay);
      audio.removeEventListener("playing", cancel);
      for (const type of FIRST_INTERACTION_EVENTS) document.removeEventListener(type, startOnInteraction);
    };
    cancelDeferredStart.current = cancel;

    // Once it plays (by itself or at a first interaction), a later click must not start it again
    // after the person paused it some other way (the media keys).
    audio.addEventListener("playing", cancel);
    for (const type of FIRST_INTERACTION_EVENTS) document.addEventListener(type, startOnInteraction);
    if (document.readyState === "complete") tryAutoplay();
    else window.addEventListener("load", tryAutoplay, { once: true });
    return () => cancelDeferredStart.current();
  }, []);

  const toggle = useCallback(() => {
    // An explicit choice replaces the pending "start on first interaction".
    cancelDeferredStart.current();
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => {});
    else audio.pause();
  }, []);

  const value = useMemo(() => ({ playing, toggle }), [playing, toggle]);

  return (
    <MusicContext value={value}>
      <audio ref={audioRef} src={loopUrl} loop preload="none" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} />
      {children}
    </MusicContext>
  );
}
