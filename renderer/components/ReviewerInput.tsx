/**
 * The reviewer's name, shared by the decision form and every edit dialog (App keeps and remembers it). With
 * `id`, only the input is rendered (the caller labels it); otherwise it carries its own "Reviewer" label.
 */
export function ReviewerInput(props: { id?: string; value: string; onChange(name: string): void; required?: boolean; disabled?: boolean }) {
  const input = (
    <input
      id={props.id}
      type="text"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      maxLength={200}
      placeholder={props.required === true ? 'Your name' : 'Your name, for the audit log'}
      disabled={props.disabled}
      autoComplete="name"
      data-testid="reviewer-input"
    />
  );
  if (props.id !== undefined) return input;
  return (
    <label className="reviewer-input">
      Reviewer
      {input}
    </label>
  );
}
