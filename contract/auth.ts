/**
 * The token endpoint, `POST /index.php/api/oauth2`: request and response schemas.
 */
import { z } from 'zod';

/** The password grant, as the interface documents it. Also the login form's schema. */
export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1, 'Enter your user name'),
  password: z.string().min(1, 'Enter your password'),
});

/** The refresh grant: our extension; the vendor's refresh mechanism is undocumented. */
export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1, 'refresh_token is required'),
});

/** A token request: the password grant or the refresh grant. */
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  passwordGrantSchema,
  refreshGrantSchema,
]);

/** A token request body. */
export type TokenRequest = z.infer<typeof tokenRequestSchema>;
/** The login form's values. */
export type PasswordGrant = z.infer<typeof passwordGrantSchema>;

/** A successful token response. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  refresh_expires_in: z.coerce.number().int().nonnegative().optional(),
  fuse_client_id_seq: z.string().nullable().optional(),
});

/** A successful token response. */
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The header that carries the access token on every query. */
export const ACCESS_TOKEN_HEADER = 'Oauth-Token';

/** The API paths, identical for the browser, the embedded service and the proxy. */
export const API_PATHS = {
  token: '/index.php/api/oauth2',
  query: '/index.php/api/service',
} as const;
