/**
 * Where the merchant site keeps its session token (localStorage, same origin, apart from the customer
 * site's `access_token`), so one browser can be signed in as a customer on / and as a merchant on
 * /merchant/ at once. The customer site reads it too: a merchant may quote from a request's page.
 */
export const MERCHANT_TOKEN_KEY = 'merchant_token';
