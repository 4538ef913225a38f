/**
 * Fetches and runs the signed-in app's code. The login page calls it once the analyst starts
 * typing, so the code is in by the time Sign in is pressed (some 600 ms on a busy 2-core machine
 * otherwise, between the sign-in and the first query); not at load, so the login page itself
 * still loads only its own code.
 */
export function loadApp() {
  return import('./App.tsx');
}
