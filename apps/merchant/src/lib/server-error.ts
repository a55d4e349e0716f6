/** Seed 001 §8 "Generic": what a 5xx says, on the merchant site as on the customer's. */
export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';

/**
 * The text of every 5xx the merchant site shows (the API client puts it in the ApiError's message,
 * so every banner, form and list error reads it): the seed's text, and the answer's reference (its
 * request id, issue 35) when it has one, so support can find the request's log lines. Chosen by
 * status (apiClient), never by the answer's text; a 4xx keeps the server's own message.
 */
export function serverErrorMessage(reference: string | undefined): string {
  return reference ? `${SERVER_ERROR_MESSAGE} (reference ${reference})` : SERVER_ERROR_MESSAGE;
}
