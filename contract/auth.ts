/**
 * The token endpoint, `POST /index.php/api/oauth2`: request and response schemas.
 *
 * Written with zod's tree-shakable "mini" API: the login page needs these schemas and nothing
 * else of zod, and it must start small.
 */
import { z } from 'zod/mini';

/** A user name and password: the login form's schema. */
export const credentialsSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Enter your user name')),
  password: z.string().check(z.minLength(1, 'Enter your password')),
});

/** The login form's values. */
export type Credentials = z.infer<typeof credentialsSchema>;

/** The password grant, as the interface documents it. */
const passwordGrantSchema = z.extend(credentialsSchema, {
  grant_type: z.literal('password'),
});

/** The refresh grant: our extension; the vendor's refresh mechanism is undocumented. */
const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().check(z.minLength(1, 'refresh_token is required')),
});

/** A token request: the password grant or the refresh grant. */
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  passwordGrantSchema,
  refreshGrantSchema,
]);

/** A token request body. */
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** A whole number of seconds, sent as a number or a numeric string. */
const secondsSchema = z.pipe(z.coerce.number(), z.int().check(z.nonnegative()));

/** A successful token response. */
export const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.pipe(z.coerce.number(), z.int().check(z.positive())),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
  refresh_expires_in: z.optional(secondsSchema),
  fuse_client_id_seq: z.optional(z.nullable(z.string())),
});

/** A successful token response. */
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The header that carries the access token on every query. */
export const ACCESS_TOKEN_HEADER = 'Oauth-Token';

/** The API paths, identical for the browser, the embedded service and the proxy. */
export const API_PATHS = {
  token: '/index.php/api/oauth2',
  query: '/index.php/api/service',
  /**
   * Sign-out, SugarCRM's own `POST …/oauth2/logout`: the access token in the `Oauth-Token`
   * header, optionally `{"refresh_token": "…"}` as the body; answers `{"success": true}`.
   */
  logout: '/index.php/api/oauth2/logout',
} as const;
