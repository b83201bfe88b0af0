import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { FLASH_MS } from "@vam/shared";
import { referralLink } from "./referrals-api";

/** The share link in a read-only field with a copy button, and the bare code. */
export function ReferralLinkBox({ referralCode }: { referralCode: string }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const link = referralLink(referralCode);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), FLASH_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success("Referral link copied");
    } catch {
      // No clipboard access (insecure page, denied): leave the link selected for a manual copy.
      inputRef.current?.select();
      toast.error("Could not copy the link. Please copy it manually.");
    }
  };

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        Your referral link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="input min-w-0 flex-1 font-mono text-xs sm:text-sm"
        />
        <button type="button" className="btn-primary shrink-0" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          Copy link
        </button>
      </div>
      <p className="text-sm text-slate-400">
        Your code: <span className="rounded-md bg-slate-800 px-2 py-0.5 font-mono font-semibold tracking-wider text-teal-300">{referralCode}</span>
      </p>
    </div>
  );
}
