import { formatPeso, type AdminStats, type BookingStatus } from "@vam/shared";
import { useId } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatShortDate } from "./admin-format";

/** Stacked from the bottom in this order; the colours follow the bookings' status badges. */
export const CHART_STATUSES: readonly { status: BookingStatus; label: string; color: string }[] = [
  { status: "COMPLETED", label: "Completed", color: "#34d399" },
  { status: "CONFIRMED", label: "Confirmed", color: "#38bdf8" },
  { status: "PENDING", label: "Pending", color: "#fbbf24" },
  { status: "CANCELLED", label: "Cancelled", color: "#fb7185" },
];

const compactPeso = new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP", notation: "compact", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-PH");

interface StatsChartProps {
  title: string;
  /** What the bars count: each week's number of bookings, or their pesos. */
  measure: "count" | "pesos";
  weeks: AdminStats["weeks"];
}

/**
 * One figure of the dashboard: a stacked bar per week by booking status. The chart is drawn
 * for the eye; screen readers get the same figures as a table (visually hidden).
 */
export function StatsChart({ title, measure, weeks }: StatsChartProps) {
  const headingId = useId();
  const format = measure === "pesos" ? formatPeso : (value: number) => whole.format(value);
  const data = weeks.map((week) => ({
    week: formatShortDate(week.weekStart),
    ...Object.fromEntries(CHART_STATUSES.map(({ status }) => [status, week.byStatus[status][measure]])),
  }));
  const total = weeks.reduce((sum, week) => sum + CHART_STATUSES.reduce((part, { status }) => part + week.byStatus[status][measure], 0), 0);
  const first = weeks[0];
  const summary =
    measure === "pesos" ? `${formatPeso(total)} in bookings made` : `${whole.format(total)} ${total === 1 ? "booking" : "bookings"} made`;

  return (
    <figure aria-labelledby={headingId} className="card relative min-w-0 space-y-4 p-4 sm:p-6">
      <figcaption className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {title}
        </h2>
        <p className="text-sm text-slate-400">
          {summary} in the last {weeks.length} weeks{first ? ` (from the week of ${formatShortDate(first.weekStart)})` : ""}, by current status.
        </p>
      </figcaption>

      {/* In a hidden box rather than hidden itself: a table's own box ignores the clipping and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}, by week and status</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {CHART_STATUSES.map(({ status, label }) => (
                <th key={status} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatShortDate(week.weekStart)}</th>
                {CHART_STATUSES.map(({ status }) => (
                  <td key={status}>{format(week.byStatus[status][measure])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div aria-hidden="true" className="space-y-3">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-300">
          {CHART_STATUSES.map(({ status, label, color }) => (
            <li key={status} className="flex items-center gap-1.5">
              <span className="size-3 rounded-sm" style={{ backgroundColor: color }} />
              {label}
            </li>
          ))}
        </ul>
        <BarChart
          responsive
          accessibilityLayer={false}
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          style={{ width: "100%", height: 260 }}
        >
          <CartesianGrid vertical={false} stroke="#1e293b" />
          <XAxis dataKey="week" tick={{ fill: "#94a3b8", fontSize: 12 }} tickLine={false} axisLine={{ stroke: "#334155" }} minTickGap={8} />
          <YAxis
            allowDecimals={false}
            width={measure === "pesos" ? 56 : 36}
            tick={{ fill: "#94a3b8", fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            tickFormatter={(value: number) => (measure === "pesos" ? compactPeso.format(value) : whole.format(value))}
          />
          <Tooltip
            cursor={{ fill: "rgba(148, 163, 184, 0.08)" }}
            contentStyle={{ background: "#0f172a", border: "1px solid #334155", borderRadius: 8, fontSize: 13 }}
            labelStyle={{ color: "#f8fafc", fontWeight: 600 }}
            formatter={(value) => format(Number(value))}
          />
          {CHART_STATUSES.map(({ status, label, color }) => (
            <Bar key={status} dataKey={status} name={label} stackId="status" fill={color} isAnimationActive={false} />
          ))}
        </BarChart>
      </div>
    </figure>
  );
}
