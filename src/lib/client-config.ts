import { z } from 'zod/mini';

const clientConfigSchema = z.object({
  VITE_SERVICE_BASE_URL: z.optional(
    z.url({ protocol: /^https?$/, error: 'VITE_SERVICE_BASE_URL must be an http(s) URL' }),
  ),
});

/** The browser's build-time configuration, validated once at start-up. */
export const clientConfig = clientConfigSchema.parse({
  VITE_SERVICE_BASE_URL: import.meta.env.VITE_SERVICE_BASE_URL || undefined,
});
