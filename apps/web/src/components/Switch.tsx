import { useId, type ReactNode } from "react";

interface SwitchProps {
  /** The switch's name, shown beside it (a click on it turns the switch too). */
  label: ReactNode;
  checked: boolean;
  /** A change is on its way: announced (`aria-busy`), and clicks meanwhile do nothing. */
  busy?: boolean;
  onChange: (checked: boolean) => void;
  /** Where the switch stands: after its label across the row (a list of settings), or before it. */
  placement?: "end" | "start";
}

/** An on/off switch (WAI-ARIA switch: a button with `aria-checked`) named by its visible label. */
export function Switch({ label, checked, busy = false, onChange, placement = "end" }: SwitchProps) {
  const switchId = useId();
  const labelId = useId();
  const name = (
    <label id={labelId} htmlFor={switchId} className="min-w-0 cursor-pointer text-sm font-medium text-slate-200">
      {label}
    </label>
  );
  return (
    <div className={`flex items-center ${placement === "end" ? "justify-between gap-4" : "gap-3"}`}>
      {placement === "end" && name}
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-busy={busy}
        onClick={() => {
          if (!busy) onChange(!checked);
        }}
        className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-slate-600 bg-slate-800 transition-colors aria-checked:border-teal-400 aria-checked:bg-teal-500"
      >
        <span
          aria-hidden="true"
          className="absolute left-1 size-5 rounded-full bg-slate-300 shadow transition-transform group-aria-checked:translate-x-5 group-aria-checked:bg-white"
        />
      </button>
      {placement === "start" && name}
    </div>
  );
}
