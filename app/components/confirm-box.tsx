/**
 * The box an operator ticks before a deletion that cannot be undone (a car, a place, a country): posted as
 * `confirmDelete`-style field `name`; the server refuses the post unticked and its message shows under the box.
 */
export function ConfirmBox({
  id,
  name,
  label,
  problem,
}: {
  id: string;
  name: string;
  label: string;
  /** The translated refusal, when the box was left unticked (or the deletion was refused). */
  problem: string | null;
}) {
  const errorId = `${id}-error`;
  return (
    <>
      <div className="field field-checkbox">
        <input type="checkbox" id={id} name={name} aria-describedby={problem ? errorId : undefined} />
        <label htmlFor={id}>{label}</label>
      </div>
      {problem ? (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
