import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { MusicContext } from "./music-context";

const FIRST_INTERACTION_EVENTS = ["click", "keydown"] as const;

/**
 * Owns the looping background music so that it keeps playing across layouts. Browsers may
 * block autoplay; then playback starts on the user's first click or key press.
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
    cancelDeferredStart.current = () => {
      for (const type of FIRST_INTERACTION_EVENTS) document.removeEventListener(type, startOnInteraction);
    };

    audio.play().catch(() => {
      for (const type of FIRST_INTERACTION_EVENTS) document.addEventListener(type, startOnInteraction);
    });
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
      <audio ref={audioRef} src="/music/loop.wav" loop preload="auto" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} />
      {children}
    </MusicContext>
  );
}
