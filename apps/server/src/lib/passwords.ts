import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with OWASP's minimum: m=19 MiB, t=2, p=1.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for an account without a password (OpenID only), after the same work as a wrong password. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    await burnPasswordCheck(password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spend the same time when the user does not exist, so timing does not reveal accounts. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0000');
  await verifyPassword(await dummy, password);
}
