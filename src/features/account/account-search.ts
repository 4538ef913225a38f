import { z } from 'zod/mini';

/**
 * The account page's search: `?period=` is the 13F quarter shown. A malformed one (a hand-edited
 * link) falls back to the latest quarter instead of the route's error page.
 */
export const accountSearchSchema = z.object({
  period: z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined),
});
