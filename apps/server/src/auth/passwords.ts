import { hash, verify, type Options } from "@node-rs/argon2";

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, one lane), computed by @node-rs/argon2, a
 * Rust implementation (argon2-rust): twice as fast here as the reference C code of `argon2`, which
 * made the same hashes before it (decision 0018). Hashes are PHC strings; either verifies the
 * other's.
 */
const options: Options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** libuv's threads, on which argon2 runs (4 unless `UV_THREADPOOL_SIZE` says otherwise). */
export const HASH_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
let inFlight = 0;

/** Hashes and verifications computing or waiting for a thread now. */
export const passwordWorkInFlight = () => inFlight;

async function tracked<T>(work: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await work();
  } finally {
    inFlight -= 1;
  }
}

export const hashPassword = (password: string) => tracked(() => hash(password, options));

/** A stored hash that no password verifies (not a PHC string): a new account's row while its hash is computed. */
export const UNSET_PASSWORD = "!";

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await tracked(() => verify(hashed, password));
  } catch {
    return false;
  }
}

/** Spends the same effort as a real check so that unknown usernames are not faster to reject. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
  return false;
}
