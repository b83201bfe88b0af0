import ImageOff from "lucide-react/icons/image-off";
import { useState } from "react";

export function HeroImage() {
  const [failed, setFailed] = useState(false);

  if (failed) {
    return (
      <div
        role="alert"
        className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-2xl border border-slate-800 bg-slate-900 p-6 text-center"
      >
        <ImageOff aria-hidden="true" className="size-8 text-slate-500" />
        <p className="font-semibold text-slate-100">Something went wrong</p>
        <p className="text-sm text-slate-400">Background image could not be loaded</p>
      </div>
    );
  }

  return (
    <img
      src="/hero.jpg"
      alt="A virtual assistant working on a laptop"
      width={768}
      height={432}
      fetchPriority="high"
      onError={() => setFailed(true)}
      className="aspect-video h-auto w-full rounded-2xl object-cover shadow-2xl ring-1 shadow-teal-950/40 ring-slate-800"
    />
  );
}
