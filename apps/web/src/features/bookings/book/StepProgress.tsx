import ArrowLeft from "lucide-react/icons/arrow-left";

export const STEPS = 4;

/** "Step n of 4", Back while a step can be left, and the progress bar. */
export function StepProgress({ step, onBack }: { step: number; onBack: () => void }) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm text-slate-400">
        <span>
          Step {step + 1} of {STEPS}
        </span>
        {step > 0 && step < 3 && (
          <button type="button" className="btn-ghost" onClick={onBack}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={`Step ${step + 1} of ${STEPS}`}
        aria-valuemin={1}
        aria-valuemax={STEPS}
        aria-valuenow={step + 1}
        className="h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div className="h-full bg-teal-500 transition-all" style={{ width: `${((step + 1) / STEPS) * 100}%` }} />
      </div>
    </div>
  );
}
