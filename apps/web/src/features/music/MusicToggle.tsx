import Music from "lucide-react/icons/eighth-notes";
import Pause from "lucide-react/icons/pause";
import { useMusic } from "./music-context";

export function MusicToggle() {
  const { playing, toggle } = useMusic();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={playing}
      aria-label={playing ? "Pause music" : "Play music"}
      title={playing ? "Pause music" : "Play music"}
      className="btn-ghost relative p-2"
    >
      {playing ? <Pause aria-hidden="true" className="size-5 text-teal-400" /> : <Music aria-hidden="true" className="size-5" />}
    </button>
  );
}
