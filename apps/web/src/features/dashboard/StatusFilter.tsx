import type { BookingStatus } from "@vam/shared";
import { useId } from "react";

export type StatusChoice = BookingStatus | "ALL";

const STATUS_CHOICES: { value: StatusChoice; label: string }[] = [
  { value: "ALL", label: "All" },
  { value: "PENDING", label: "Pending" },
  { value: "CONFIRMED", label: "Confirmed" },
  { value: "COMPLETED", label: "Completed" },
  { value: "CANCELLED", label: "Cancelled" },
];

export function StatusFilter({ value, onChange }: { value: StatusChoice; onChange: (value: StatusChoice) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-300">
        Status
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as StatusChoice)} className="input w-40 py-2">
        {STATUS_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
