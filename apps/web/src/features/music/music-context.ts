import { createContext, use } from "react";

export interface MusicControls {
  playing: boolean;
  toggle: () => void;
}

export const MusicContext = createContext<MusicControls | null>(null);

export function useMusic(): MusicControls {
  const value = use(MusicContext);
  if (!value) throw new Error("useMusic must be used inside <MusicProvider>");
  return value;
}
