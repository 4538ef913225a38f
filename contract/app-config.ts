/**
 * `GET /app-config.json`: what the browser may know about the deployment. Never a credential
 * of the upstream; the demo users appear in embedded mode only.
 */
import { z } from 'zod/mini';

/** The deployment as the browser sees it: the embedded demo service or a proxied upstream. */
export const appConfigSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('embedded'),
    demoUsers: z.array(z.object({ username: z.string(), password: z.string(), note: z.string() })),
  }),
  z.object({ mode: z.literal('upstream'), upstreamHost: z.string() }),
]);

/** The deployment as the browser sees it. */
export type AppConfig = z.infer<typeof appConfigSchema>;
