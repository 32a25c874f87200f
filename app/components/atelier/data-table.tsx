import type { ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";

/** One column of a DataTable: its header, how a row's cell reads, and whether it names the row. */
export interface Column<Row> {
  /** A stable key for React. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row (an order's number): a row header (<th scope="row">). */
  rowHeader?: boolean;
  /** Numbers and money: right-aligned, tabular figures. */
  numeric?: boolean;
  /** Hidden on phones (a secondary column). */
  wide?: boolean;
}

/**
 * A plain, dense table: a real <table> with a caption (shown, or for screen readers only),
 * column headers with scope="col", and the row's naming cell as a row header. Wide tables scroll
 * sideways inside their own region on a phone, which keyboard users can reach.
 */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  empty,
  totals,
}: {
  /** Names the table (its caption) and its scrolling region. */
  caption: string;
  captionHidden?: boolean;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
  /** A last row of totals (a report's): its first column says what it is, the others read the row's cells. */
  totals?: { label: string; row: Row };
}) {
  const { t } = useTranslation("atelier");
  const align = (c: Column<Row>) => `${c.numeric ? "text-right tabular-nums" : "text-left"} ${c.wide ? "hidden sm:table-cell" : ""}`;
  return (
    // A region with a name, focusable so a keyboard can scroll a table wider than the screen.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto border border-line bg-paper" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full border-collapse text-sm">
        <caption className={captionHidden ? "sr-only" : "border-b border-line px-3 py-2 text-left font-medium"}>{caption}</caption>
        <thead className="bg-sand/60">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`px-3 py-2 font-medium whitespace-nowrap ${align(c)}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-stone">
                {empty ?? t("table.empty")}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-line align-top">
                {columns.map((c) =>
                  c.rowHeader ? (
                    <th key={c.key} scope="row" className={`px-3 py-2 font-medium ${align(c)}`}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={`px-3 py-2 ${align(c)}`}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
        {totals && rows.length > 0 ? (
          <tfoot className="border-t-2 border-ink font-medium">
            <tr>
              {columns.map((c, index) =>
                index === 0 ? (
                  <th key={c.key} scope="row" className={`px-3 py-2 ${align(c)}`}>
                    {totals.label}
                  </th>
                ) : (
                  <td key={c.key} className={`px-3 py-2 ${align(c)}`}>
                    {c.cell(totals.row)}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
