/** An email address that, when it must wrap, wraps before its "@" rather than inside a word. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="break-words">{email}</span>;
  return (
    <span className="break-words">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
