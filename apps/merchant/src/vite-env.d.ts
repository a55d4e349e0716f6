/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Public client key sent as `x-api-key`; the server's embedded default is `d3-dev-key`. */
  readonly VITE_API_KEY?: string;
  /** API base; defaults to `/api/v1` on the same origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
