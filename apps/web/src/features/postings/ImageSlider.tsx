import { useState } from "react";
import { ImageViewer } from "./ImageViewer";

/** The first image big, the others as thumbnails; any of them opens the full-screen viewer. */
export function ImageSlider({ title, images }: { title: string; images: string[] }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const [first, ...rest] = images;
  if (!first) return null;

  return (
    <div className="space-y-3">
      <button
        type="button"
        aria-label="Show image 1"
        onClick={() => setViewing(0)}
        className="block aspect-[16/9] w-full overflow-hidden rounded-2xl bg-slate-800"
      >
        <img src={first} alt="" className="size-full object-cover transition duration-300 hover:scale-[1.02]" />
      </button>
      {rest.length > 0 && (
        <ul className="grid grid-cols-4 gap-3 sm:grid-cols-5">
          {rest.map((image, i) => (
            <li key={`${image}-${i}`}>
              <button
                type="button"
                aria-label={`Show image ${i + 2}`}
                onClick={() => setViewing(i + 1)}
                className="block aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-800"
              >
                <img src={image} alt="" loading="lazy" className="size-full object-cover transition hover:opacity-80" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ImageViewer title={title} images={images} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
    </div>
  );
}
