import { defineConfig, devices } from '@playwright/test';
import {
  ENDING_SESSION_SERVER,
  MAIN_SERVER,
  PROXY_SERVER,
  SHORT_SESSION_SERVER,
} from './e2e/servers.ts';
import { chromiumLaunchOptions } from './testing/chromium.ts';

// DEMO_TODAY: the demo's CRM rows are dated relative to "today"; a fixed one keeps every run's
// data (and the screenshot baselines) the same whatever day the tests run.
const serverEnv = {
  HOST: '127.0.0.1',
  SERVE_MODE: 'dist',
  LOG_LEVEL: 'warn',
  DEMO_TODAY: '2026-11-25',
  // As `npm start` sets it (server/threadpool.ts).
  UV_THREADPOOL_SIZE: '8',
  // X-Forwarded-For from the test's own machine names the client, so e2e/login-lockout.spec.ts
  // can spend the sign-in failures of another address and never lock out 127.0.0.1, the address
  // every other journey signs in from. No other journey sends the header.
  TRUST_PROXY: 'loopback',
};

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: [['list']],
  // Pixel baselines per platform, beside the specs (see e2e/screenshots.spec.ts).
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}-{platform}{ext}',
  expect: {
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  use: {
    baseURL: MAIN_SERVER.url,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Started in order: the first builds the production assets that the others then serve.
  webServer: [
    {
      command: 'npm run build && tsx server/main.ts',
      url: `${MAIN_SERVER.url}/`,
      env: { ...serverEnv, PORT: String(MAIN_SERVER.port) },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
    },
    {
      command: 'tsx server/main.ts',
      url: `${SHORT_SESSION_SERVER.url}/`,
      env: {
        ...serverEnv,
        PORT: String(SHORT_SESSION_SERVER.port),
        ACCESS_TOKEN_TTL_SECONDS: String(SHORT_SESSION_SERVER.accessTokenSeconds),
        // The login ends with its first access token: a refresh finds the deadline reached.
        REFRESH_TOKEN_TTL_SECONDS: String(SHORT_SESSION_SERVER.accessTokenSeconds),
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: 'tsx server/main.ts',
      url: `${ENDING_SESSION_SERVER.url}/`,
      env: {
        ...serverEnv,
        PORT: String(ENDING_SESSION_SERVER.port),
        REFRESH_TOKEN_TTL_SECONDS: String(ENDING_SESSION_SERVER.refreshTokenSeconds),
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: 'tsx server/main.ts',
      url: `${PROXY_SERVER.url}/`,
      // Two processes sharing the port, as `npm start` runs the proxy on a two-core machine.
      env: {
        ...serverEnv,
        PORT: String(PROXY_SERVER.port),
        SERVICE_BASE_URL: MAIN_SERVER.url,
        PROXY_PROCESSES: '2',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
  ],
});
