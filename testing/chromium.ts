import { existsSync } from 'node:fs';

/**
 * The one choice of Chromium for the end-to-end tests (playwright.config.ts) and the browser
 * benchmarks: the machine's when there is one (CI installs Debian's), otherwise Playwright's own,
 * which `npx playwright install chromium` downloads on a normal developer machine.
 */
const systemChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (path): path is string => path !== undefined && path !== '' && existsSync(path),
);

/** Launch options for Playwright's `chromium.launch` (or a config's `use.launchOptions`). */
export const chromiumLaunchOptions: { executablePath?: string; args: string[] } = {
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  // Containers run without a user namespace or a GPU; the rest keeps background traffic (updates,
  // sync, safe-browsing lists) off the network so only the page's own requests happen.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
