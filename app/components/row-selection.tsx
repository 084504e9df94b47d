import { useState, type InputHTMLAttributes } from "react";

type BoxProps = InputHTMLAttributes<HTMLInputElement> & { id: string };

/**
 * The selection column of a table whose rows a bulk bar acts on. Without JavaScript each box is a plain checkbox
 * (and "select all" is read by the server, see readRowAction); with it, "select all" ticks every row and the bar
 * can say how many rows it will touch.
 */
export function useRowSelection(rowIds: readonly string[]) {
  const [selected, setSelected] = useState<string[]>([]);
  const selectAll: BoxProps = {
    type: "checkbox",
    name: "allOnPage",
    id: "select-all",
    checked: rowIds.length > 0 && selected.length === rowIds.length,
    onChange: (event) => setSelected(event.currentTarget.checked ? [...rowIds] : []),
  };
  const row = (id: string): BoxProps => ({
    type: "checkbox",
    name: "id",
    value: id,
    id: `select-${id}`,
    checked: selected.includes(id),
    onChange: (event) => {
      const { checked } = event.currentTarget;
      setSelected((current) => (checked ? [...current, id] : current.filter((item) => item !== id)));
    },
  });
  return { count: selected.length, selectAll, row };
}

/** A selection checkbox with its label: hidden beside a table's row, shown on a phone's card (app.css). */
export function SelectionBox({ box, label }: { box: BoxProps; label: string }) {
  return (
    <>
      <input {...box} />
      <label htmlFor={box.id} className="selection-label visually-hidden">
        {label}
      </label>
    </>
  );
}

/** The hidden list of the page's row ids, for "select all on this page" without JavaScript. */
export function PageIds({ ids }: { ids: readonly string[] }) {
  return (
    <>
      {ids.map((id) => (
        <input key={id} type="hidden" name="pageId" value={id} />
      ))}
    </>
  );
}
