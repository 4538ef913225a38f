import { z } from 'zod';
import { LOG_LEVELS } from './log.ts';

const port = z.coerce.number().int().min(0).max(65_535);
const seconds = z.coerce.number().int().positive();

/** Every environment variable the server reads, with its default. The README's table mirrors it. */
export const configSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  SERVE_MODE: z.enum(['auto', 'vite', 'dist']).default('auto'),
  ACCESS_TOKEN_TTL_SECONDS: seconds.default(3600),
  REFRESH_TOKEN_TTL_SECONDS: seconds.default(18_000),
  ROW_CAP: z.coerce.number().int().min(1).default(50_000),
  USERS_FILE: z.string().min(1).optional(),
  FILINGS_DB: z.string().min(1).default('var/filings.duckdb'),
  FILER_MATCHES_FILE: z.string().min(1).optional(),
  DEMO_SEED: z.coerce.number().int().default(20_240_601),
  DEMO_TODAY: z.iso.date().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SERVICE_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SERVICE_QUERY_PATH: z
    .string()
    .regex(/^\/[\w./-]*$/, 'must be a path starting with /')
    .default('/index.php/api/service'),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  HTTP_PROXY: z.string().min(1).optional(),
  HTTPS_PROXY: z.string().min(1).optional(),
  NO_PROXY: z.string().min(1).optional(),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().default(70_000),
  /**
   * The reverse proxies whose `X-Forwarded-For` is believed (addresses, CIDRs or `loopback`,
   * comma-separated). Unset, the client is the socket's peer: a client could otherwise name any
   * address and escape the sign-in throttle.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/]+(\s*,\s*[\w.:/]+)*$/, 'must list proxy addresses or CIDRs, comma-separated')
    .refine((value) => !/^(true|\*)$/i.test(value), 'must name the proxies, never trust everyone')
    .optional(),
});

/** Validated server configuration. */
export type ServerConfig = z.infer<typeof configSchema>;

/** Validates the environment; the error names every bad variable and why. */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return `  ${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`;
  });
  throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
}
