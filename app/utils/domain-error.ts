/**
 * A broken business rule, named by a stable code (`UNKNOWN_SKU`, `OUT_OF_STOCK`): services throw
 * it, routes and scripts turn the code into a localized message and a 4xx answer or exit status.
 */
export class DomainError<Code extends string = string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string) {
    super(message);
    this.name = "DomainError";
    this.code = code;
  }
}
