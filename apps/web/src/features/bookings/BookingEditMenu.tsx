import type { LucideIcon } from "lucide-react";
import EllipsisVertical from "lucide-react/icons/ellipsis-vertical";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { onMenuKeyDown as onMenuKey } from "../../components/menu-keys";

/** Spec 9: the dropdown opens upward when less than this many pixels remain below its button. */
const SPACE_NEEDED_BELOW = 180;

export interface BookingMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** Red text for destructive entries. */
  danger?: boolean;
}

interface BookingEditMenuProps {
  items: BookingMenuItem[];
  disabled?: boolean;
}

/**
 * The "Edit booking" menu button (ARIA menu button pattern): Enter, Space or ArrowDown open it on
 * the first entry (ArrowUp on the last), arrows move, Escape closes it back onto the button, Tab
 * or a click elsewhere closes it.
 */
export function BookingEditMenu({ items, disabled = false }: BookingEditMenuProps) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  /** Which entry to focus once the menu shows. */
  const focusOnOpen = useRef<"first" | "last">("first");
  const buttonId = useId();
  const menuId = useId();

  const openMenu = (focus: "first" | "last") => {
    const rect = buttonRef.current?.getBoundingClientRect();
    setUpward(rect !== undefined && window.innerHeight - rect.bottom < SPACE_NEEDED_BELOW);
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const entries = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    (focusOnOpen.current === "first" ? entries[0] : entries.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onPopState = () => setOpen(false);
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("popstate", onPopState);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("popstate", onPopState);
    };
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openMenu(event.key === "ArrowDown" ? "first" : "last");
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    onMenuKey(
      event,
      itemRefs.current.filter((item): item is HTMLButtonElement => item !== null),
      close,
    );

  const choose = (item: BookingMenuItem) => {
    close(true);
    item.onSelect();
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label="Edit booking"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openMenu("first"))}
        onKeyDown={onButtonKeyDown}
        className="btn-ghost size-10 p-0"
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className={`absolute right-0 z-30 w-56 overflow-hidden rounded-xl border border-slate-700 bg-slate-900 py-1 shadow-2xl shadow-black/50 ${
            upward ? "bottom-full mb-2 origin-bottom-right" : "top-full mt-2 origin-top-right"
          }`}
          data-placement={upward ? "top" : "bottom"}
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => choose(item)}
              className={`flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm hover:bg-slate-800 focus:bg-slate-800 focus:outline-none ${
                item.danger ? "text-rose-300 hover:text-rose-200" : "text-slate-200 hover:text-white"
              }`}
            >
              <item.icon aria-hidden="true" className={`size-4 ${item.danger ? "text-rose-400" : "text-slate-400"}`} />
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
