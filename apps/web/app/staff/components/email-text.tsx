/**
 * An e-mail address in a table: a narrow column may break it before the "@" (and only there), so
 * the address does not set the column's width and push the row's last columns past the table's edge.
 */
export function EmailText({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at <= 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}
