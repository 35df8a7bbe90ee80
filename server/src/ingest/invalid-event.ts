/**
 * A body or an event the ingestion cannot read (docs/api.md "Ingestion"), in its own terms: what is wrong,
 * and the message of each field at fault. The routes answer it as 400 with those messages; an import keeps
 * it as the line's reason.
 */
export class InvalidEvent extends Error {
  override name = 'InvalidEvent';
  constructor(
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}
