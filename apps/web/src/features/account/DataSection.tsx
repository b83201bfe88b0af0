import Download from "lucide-react/icons/download";
import { MSG } from "@vam/shared";
import FileJson from "lucide-react/icons/file-json";
import { useState } from "react";
import { toast } from "sonner";
import { serverMessageOr } from "../../api/errors";
import { CardSection } from "../../components/CardSection";
import { Spinner } from "../../components/Spinner";
import { downloadAccountData } from "./account-api";

/** "Your data": everything the account holds, as one JSON file (Data Privacy Act of 2012). */
export function DataSection({ username }: { username: string }) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadAccountData({ username });
    } catch (error) {
      toast.error(serverMessageOr(error, MSG.dataDownloadFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardSection
      title={
        <>
          <FileJson aria-hidden="true" className="size-5 text-teal-400" />
          Your data
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-300">
          Download a copy of everything your account holds: your details, listing, postings, bookings, reviews, messages and notifications, as one
          JSON file.
        </p>
        <button type="button" className="btn-secondary w-full sm:w-auto" disabled={busy} aria-busy={busy} onClick={() => void download()}>
          {busy ? <Spinner className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
          Download my data
        </button>
      </div>
    </CardSection>
  );
}
