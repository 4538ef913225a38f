import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { MODULE_IDS } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { hashPassword, isPasswordHash } from './passwords.ts';

/** A user of the embedded service. */
export interface ServiceUser {
  readonly username: string;
  readonly passwordHash: string;
  /** The modules this user may query. */
  readonly modules: readonly ModuleId[];
}

/** The demo users' credentials; shown on the login page in embedded mode only. */
export const DEMO_USERS = [
  { username: 'analyst', password: 'analyst-demo', modules: MODULE_IDS, note: 'every module' },
  {
    username: 'crm-viewer',
    password: 'viewer-demo',
    modules: MODULE_IDS.filter((module) => module !== '13f_holdings'),
    note: 'every module except 13F holdings',
  },
] as const;

const usersFileSchema = z.array(
  z.strictObject({
    username: z.string().min(1),
    passwordHash: z.string().refine(isPasswordHash, {
      error: 'passwordHash must come from `npm run hash-password`',
    }),
    modules: z.array(z.enum(MODULE_IDS)).min(1),
  }),
);

/** The demo users, their passwords hashed with scrypt at start-up. */
export async function demoUsers(): Promise<ServiceUser[]> {
  return Promise.all(
    DEMO_USERS.map(async (user) => ({
      username: user.username,
      passwordHash: await hashPassword(user.password),
      modules: user.modules,
    })),
  );
}

/** Reads users from a JSON file: `[{ username, passwordHash, modules }]`. */
export async function readUsersFile(path: string): Promise<ServiceUser[]> {
  const parsed = usersFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`USERS_FILE ${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
  }
  return parsed.data;
}
