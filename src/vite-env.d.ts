/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Direct mode: the upstream's URL when it allows CORS; same-origin when unset. */
  readonly VITE_SERVICE_BASE_URL?: string;
}
