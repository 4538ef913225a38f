import { BlockList, isIP } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';
import { z } from 'zod';
import { LOG_LEVELS } from './log.ts';

/**
 * DuckDB's default memory limit: a quarter of the machine's memory, or of the container's when
 * it has less (libuv reports no constraint as 0 or 2^64), and at least 256 MiB. DuckDB's own
 * default is 80 %, which left nothing for the server when one query sorted without bound.
 */
export function defaultMemoryLimit(
  total = totalmem(),
  constrained = process.constrainedMemory(),
): string {
  const machine = constrained > 0 && constrained < total ? constrained : total;
  return `${Math.max(256, Math.floor(machine / 4 / 2 ** 20))}MiB`;
}

/**
 * Platforms where Node's `reusePort` works (Linux 3.9+, FreeBSD 12+, Solaris 11.4, AIX 7.2.5+);
 * elsewhere listening with it ends the process, so the proxy runs one process there.
 */
const SHARES_PORTS = ['linux', 'freebsd', 'sunos', 'aix'].includes(process.platform);

/**
 * The most processes the proxy starts by default. Proxying is waiting on the upstream and copying
 * bytes; past a few processes the load generator's machine, not the proxy, is the limit.
 */
const DEFAULT_MAX_PROXY_PROCESSES = 4;

const port = z.coerce.number().int().min(0).max(65_535);
const seconds = z.coerce.number().int().positive();

/**
 * Every environment variable the server reads, with its default. docs/operations.md's table
 * mirrors it.
 */
const configSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(3000),
    // `npm start` always serves the build; `dist` stays accepted for deployments that set it. The
    // modes that served the sources are refused, not ignored, so nobody believes they still apply.
    SERVE_MODE: z
      .literal('dist', {
        error:
          'only "dist" is accepted: npm start always serves the build (rebuilt when stale); ' +
          "Vite's dev server is `npm run dev`",
      })
      .optional(),
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
    /**
     * How many processes answer in proxy mode, sharing the port (SO_REUSEPORT). Unset: one per core,
     * at most four, where the platform shares ports; one elsewhere. See proxyProcessCount.
     */
    PROXY_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /**
     * The most bytes of one upstream answer the proxy reads (Grafana's data proxy calls it
     * `response_limit`); more → 502 `upstream_too_large`. 64 MiB fits the largest legitimate
     * answer: ROW_CAP's 50,000 rows of the widest module, 13f_holdings with all 25 fields, measured
     * on the demo data at 757 bytes a row on average and 826 at most, is 36–39 MiB; the rest is
     * headroom for longer names than the demo's.
     */
    UPSTREAM_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(64 * 2 ** 20),
    HTTP_PROXY: z.string().min(1).optional(),
    HTTPS_PROXY: z.string().min(1).optional(),
    NO_PROXY: z.string().min(1).optional(),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
    CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().default(70_000),
    QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    QUERY_QUEUE_LIMIT: z.coerce.number().int().min(0).default(100),
    QUERY_WAITING_PER_LOGIN: z.coerce.number().int().min(0).default(16),
    DUCKDB_MEMORY_LIMIT: z
      .string()
      .regex(/^\d+(?:\.\d+)?\s*(?:[KMGT]i?B)$/i, 'must be a size such as 512MiB or 2GB')
      .default(defaultMemoryLimit()),
    DUCKDB_THREADS: z.coerce.number().int().min(1).max(1024).default(availableParallelism()),
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
  })
  .superRefine((config, context) => {
    const processes = config.PROXY_PROCESSES ?? 1;
    if (processes > 1 && config.SERVICE_BASE_URL === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['PROXY_PROCESSES'],
        message:
          'only the proxy mode (SERVICE_BASE_URL set) runs several processes: the embedded ' +
          "service's database, sessions and sign-in throttle live in one process",
      });
    } else if (processes > 1 && !SHARES_PORTS) {
      context.addIssue({
        code: 'custom',
        path: ['PROXY_PROCESSES'],
        message: `${process.platform} cannot share a port between processes (SO_REUSEPORT); set 1`,
      });
    }
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

/**
 * How many processes serve the app: PROXY_PROCESSES, or in proxy mode one per core (at most
 * four) where ports can be shared. The embedded service is always one process.
 */
export function proxyProcessCount(
  config: Pick<ServerConfig, 'PROXY_PROCESSES' | 'SERVICE_BASE_URL'>,
  cores = availableParallelism(),
): number {
  if (config.SERVICE_BASE_URL === undefined || !SHARES_PORTS) return 1;
  return config.PROXY_PROCESSES ?? Math.min(cores, DEFAULT_MAX_PROXY_PROCESSES);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * True when only this machine can reach `host`: 127.0.0.0/8, ::1 (also IPv4-mapped) and
 * `localhost`. The dev server refuses anything else.
 */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const address = host.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
