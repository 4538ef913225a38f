import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;

// Use the machine's Chromium when there is one (CI installs Debian's); otherwise Playwright's own,
// which `npx playwright install chromium` downloads on a normal developer machine.
const systemChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (path): path is string => path !== undefined && path !== '' && existsSync(path),
);

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The production path: built assets served by the same server as the API.
    command: 'npm run build && tsx server/main.ts',
    url: `${baseURL}/`,
    env: { PORT: String(port), HOST: '127.0.0.1', SERVE_MODE: 'dist', LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
