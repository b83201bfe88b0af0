import FileDown from "lucide-react/icons/file-down";
import { DownloadButton } from "../../components/DownloadButton";
import { downloadStatement } from "./earnings-api";
import { monthLabel } from "./earnings-format";

/** A download per month with lines: "Statement for November 2026 (PDF)", newest first. */
export function StatementList({ months }: { months: string[] }) {
  if (months.length === 0) return <p className="text-sm text-slate-400">Your first statement comes with your first earning.</p>;
  return (
    <ul className="space-y-2">
      {months.map((month) => (
        <li key={month}>
          <DownloadButton icon={FileDown} download={() => downloadStatement(month)} failure="Could not download the statement. Please try again.">
            Statement for {monthLabel(month)} (PDF)
          </DownloadButton>
        </li>
      ))}
    </ul>
  );
}
