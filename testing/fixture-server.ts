import { startTestServer } from './api-server.ts';
import type { TestServer } from './api-server.ts';
import { ANALYST, FIXTURE_NOW, loadFixtures } from './fixtures.ts';

/** The API on the fixture rows at the fixture clock, with a signed-in analyst's token. */
export async function startFixtureServer(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; token: string; port: number }> {
  const server = await startTestServer({
    users: [ANALYST],
    loadData: loadFixtures,
    now: () => FIXTURE_NOW,
    env,
  });
  return {
    server,
    token: await server.tokenFor(ANALYST),
    port: Number(new URL(server.baseUrl).port),
  };
}
