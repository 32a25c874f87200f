/**
 * A closure notice in force (spec §9): the owner's words and the day orders placed now ship from,
 * as the checkout's guard wrote them for the request's language.
 */
export function ClosureNotice({ closure, className = "mb-6" }: { closure: { text: string; shipsFromLine: string } | null; className?: string }) {
  if (!closure) return null;
  return (
    <p className={`${className} border-l-4 border-warning bg-paper px-4 py-3 text-sm`} data-testid="closure-notice">
      <span className="font-medium">{closure.text}</span> {closure.shipsFromLine}
    </p>
  );
}
