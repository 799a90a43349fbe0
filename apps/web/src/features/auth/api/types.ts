/** The API envelope `{message, data}`: screens toast the message (docs/product.md#errors-and-empty-states). */
export interface Envelope<T> {
  message: string;
  data: T;
}

export { withRetryAfter, type ApiFailure } from '../../../lib/retry-after';
