/**
 * libuv's threadpool and the database's share of it. DuckDB's Node bindings run every statement
 * on that pool (a napi async work each), and so do reading a file for `GET /` (@fastify/static),
 * scrypt for a sign-in and compressing an answer. With as many connections busy as the pool has
 * threads (4 of 4 by default), a static file or a sign-in waited behind the queries: 15 s for
 * `GET /` under one login's five heavy queries (#34). The database gets half the pool at most.
 */

/** libuv's own default, and its ceiling. */
const LIBUV_DEFAULT = 4;
const LIBUV_MAX = 1024;

/**
 * The size libuv gave the pool: UV_THREADPOOL_SIZE as this process started with it (libuv reads
 * it once, when the pool is first used, which is before any of our code runs: setting it from
 * JavaScript is too late, so `npm start` sets it in its script).
 */
export function threadpoolSize(env: Readonly<Record<string, string | undefined>>): number {
  const size = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  if (Number.isNaN(size)) return LIBUV_DEFAULT;
  return Math.min(LIBUV_MAX, Math.max(1, size));
}

/** The database connections for a pool of `poolSize` threads: at most `wanted`, half the pool. */
export function queryConnections(poolSize: number, wanted = 4): number {
  return Math.max(1, Math.min(wanted, Math.floor(poolSize / 2)));
}
