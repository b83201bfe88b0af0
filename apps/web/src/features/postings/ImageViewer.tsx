import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useEffect, useEffectEvent } from "react";
import { Modal } from "../../components/Modal";

interface ImageViewerProps {
  title: string;
  images: string[];
  /** The image shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** Full-screen viewer: previous and next wrap around; the arrow keys page too, Escape closes. */
export function ImageViewer({ title, images, index, onIndexChange, onClose }: ImageViewerProps) {
  const count = images.length;
  const open = index !== null;
  const show = (next: number) => onIndexChange((next + count) % count);
  const onArrow = useEffectEvent((event: KeyboardEvent) => {
    if (index === null || count < 2) return;
    if (event.key === "ArrowLeft") show(index - 1);
    else if (event.key === "ArrowRight") show(index + 1);
  });

  useEffect(() => {
    if (!open) return;
    window.addEventListener("keydown", onArrow);
    return () => window.removeEventListener("keydown", onArrow);
  }, [open]);

  return (
    <Modal open={open} onClose={onClose} title={title} className="h-[90vh] max-w-6xl bg-slate-950">
      {index !== null && (
        <div className="flex h-full flex-col gap-3">
          <div className="relative flex min-h-0 flex-1 items-center justify-center">
            <img src={images[index]} alt={`Image ${index + 1} of ${count}`} className="max-h-[72vh] max-w-full rounded-lg object-contain" />
            {count > 1 && (
              <>
                <ViewerButton label="Previous image" side="left" onClick={() => show(index - 1)} />
                <ViewerButton label="Next image" side="right" onClick={() => show(index + 1)} />
              </>
            )}
          </div>
          <p aria-live="polite" className="text-center text-sm font-medium text-slate-300">
            {index + 1} of {count}
          </p>
        </div>
      )}
    </Modal>
  );
}

function ViewerButton({ label, side, onClick }: { label: string; side: "left" | "right"; onClick: () => void }) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`absolute top-1/2 grid size-12 -translate-y-1/2 place-items-center rounded-full bg-slate-900/85 text-white ring-1 ring-slate-700 transition hover:bg-teal-500 hover:text-slate-950 ${side === "left" ? "left-2" : "right-2"}`}
    >
      <Icon aria-hidden="true" className="size-6" />
    </button>
  );
}
