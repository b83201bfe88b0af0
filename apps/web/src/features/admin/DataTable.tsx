import { useEffect, useId, useRef, useState, type ReactNode } from "react";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the column's cells in the table (e.g. "whitespace-nowrap"). */
  className?: string;
}

interface DataTableProps<T> {
  /** Names the table (its caption) and, on phones, the list of cards. */
  caption: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The first column heads each row (a row header) and titles each card. */
  columns: readonly Column<T>[];
  /** The buttons and links of a row, in the last column (headed "Actions") and at the bottom of its card. */
  actions?: (row: T) => ReactNode;
  /** In the table, the actions one above the other, equally wide (long labels); side by side otherwise. */
  stackActions?: boolean;
  /** In the table, the actions side by side on one line whatever the other columns need. */
  nowrapActions?: boolean;
  /** A totals row: its label under the first column, its values by column header (a card of its own on phones). */
  footer?: { label: string; cells: Partial<Record<string, ReactNode>> };
}

/** A card's buttons under a rule; nothing when the row has none. */
function CardActions({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false) return null;
  return <div className="flex flex-wrap gap-2 border-t border-slate-800 pt-3">{children}</div>;
}

/** True while the element is narrower than its content (it can be scrolled sideways). */
function useOverflows<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/**
 * A table from the xl breakpoint up (beside the sidebar it has about 1,000 pixels there), a list
 * of cards below it, two a row from md: the page itself never scrolls sideways. Should the table
 * still be too wide, it scrolls in its own region, which then takes keyboard focus so that it can
 * be scrolled with the arrow keys.
 */
export function DataTable<T>({ caption, rows, rowKey, columns, actions, stackActions = false, nowrapActions = false, footer }: DataTableProps<T>) {
  const captionId = useId();
  const listHeadingId = useId();
  const { ref, overflows } = useOverflows<HTMLDivElement>();
  const [first, ...rest] = columns;
  if (!first) return null;

  return (
    <>
      <div className="space-y-3 xl:hidden">
        <h2 id={listHeadingId} className="text-sm font-semibold text-slate-300">
          {caption}
        </h2>
        <ul aria-labelledby={listHeadingId} className="grid gap-3 md:grid-cols-2">
          {rows.map((row) => (
            <li key={rowKey(row)} className="card relative space-y-3 p-4">
              <div className="font-semibold break-words text-white">{first.cell(row)}</div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                {rest.map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-slate-400">{column.header}</dt>
                    <dd className="min-w-0 break-words text-slate-100">{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
              {actions && <CardActions>{actions(row)}</CardActions>}
            </li>
          ))}
        </ul>
        {footer && (
          <div className="card space-y-3 border-slate-700 p-4">
            <p className="font-semibold text-white">{footer.label}</p>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              {rest
                .filter((column) => footer.cells[column.header] !== undefined)
                .map((column) => (
                  <div key={column.header} className="contents">
                    <dt className="text-slate-400">{column.header}</dt>
                    <dd className="min-w-0 font-semibold break-words text-slate-100">{footer.cells[column.header]}</dd>
                  </div>
                ))}
            </dl>
          </div>
        )}
      </div>

      <div
        ref={ref}
        role="region"
        aria-labelledby={captionId}
        tabIndex={overflows ? 0 : undefined}
        className="card relative hidden overflow-x-auto xl:block"
      >
        <table className="w-full text-left text-sm">
          <caption id={captionId} className="px-4 pt-4 pb-2 text-left text-sm font-semibold text-slate-300">
            {caption}
          </caption>
          <thead className="border-b border-slate-800 text-xs tracking-wide text-slate-400 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                  {column.header}
                </th>
              ))}
              {actions && (
                <th scope="col" className="px-4 py-3 font-semibold">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-slate-800/30">
                <th scope="row" className={`px-4 py-3 font-semibold text-white ${first.className ?? ""}`}>
                  {first.cell(row)}
                </th>
                {rest.map((column) => (
                  <td key={column.header} className={`px-4 py-3 text-slate-200 ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions && (
                  <td className="px-4 py-3">
                    <div
                      className={
                        stackActions ? "flex flex-col items-stretch gap-2" : `flex gap-2 ${nowrapActions ? "whitespace-nowrap" : "flex-wrap"}`
                      }
                    >
                      {actions(row)}
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          {footer && (
            <tfoot className="border-t-2 border-slate-700">
              <tr>
                <th scope="row" className={`px-4 py-3 font-semibold text-white ${first.className ?? ""}`}>
                  {footer.label}
                </th>
                {rest.map((column) => (
                  <td key={column.header} className={`px-4 py-3 font-semibold text-white ${column.className ?? ""}`}>
                    {footer.cells[column.header]}
                  </td>
                ))}
                {actions && <td />}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </>
  );
}
