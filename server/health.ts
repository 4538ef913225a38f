/**
 * `/healthz` and `/readyz` for a supervisor, a load balancer or an orchestrator
 * (docs/operations.md). Outside the API's path space and never behind sign-in; their answers
 * name no URL, host, path or token.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiBackend, Readiness } from './api/backend.ts';
import { API_HEADERS } from './api/routes.ts';

/** A readiness check that has not answered by then is an answer: not ready. */
const READY_TIMEOUT_MS = 3_000;

function withinTimeout(check: Promise<Readiness>): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => {
      resolve({ ready: false, reason: 'check_timed_out' });
    }, READY_TIMEOUT_MS);
  });
  return Promise.race([check, late]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * Alive: the process answers HTTP, whatever its backend's state; restarting it would not bring a
 * down upstream back. Ready: the backend can answer calls now (`ApiBackend.ready`), else 503 with
 * the reason's code.
 */
export function registerHealthRoutes(server: FastifyInstance, backend: ApiBackend): void {
  server.get('/healthz', (_request, reply) => reply.headers(API_HEADERS).send({ status: 'ok' }));
  server.get('/readyz', async (_request, reply) => {
    const readiness = await withinTimeout(backend.ready());
    reply.headers(API_HEADERS);
    return readiness.ready
      ? reply.send({ status: 'ready' })
      : reply.code(503).send({ status: 'unavailable', reason: readiness.reason });
  });
}
