import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id: the library exports a const enum, which verbatimModuleSyntax
// cannot import, so its value is spelled out.
const ARGON2ID = 2;

/** Thrown when too many password checks are already waiting: the caller answers 503. */
export class PasswordHasherBusy extends Error {
  constructor() {
    super("too many password checks waiting");
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/**
 * argon2id with the library's defaults (19 MiB, 2 passes), as OWASP suggests,
 * at most `concurrency` at once. Each hash holds a libuv pool thread for
 * ~50 ms; unbounded, 100 concurrent wrong logins took every pool thread and
 * sign-ups and fresh token checks (WebCrypto, file reads) queued behind them
 * for ~11 s. With 2 of the pool's 4 threads the rest of the server keeps
 * going; beyond `maxWaiting` queued checks the caller is told to come back.
 */
export function createPasswordHasher(opts: {
  concurrency: number;
  maxWaiting?: number;
}): PasswordHasher {
  const maxWaiting = opts.maxWaiting ?? 64;
  let running = 0;
  const waiting: Array<() => void> = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= opts.concurrency) {
      if (waiting.length >= maxWaiting) throw new PasswordHasherBusy();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next waiter, or frees up.
      if (next) next();
      else running--;
    }
  }

  return {
    hash: (password) => slot(() => hash(password, { algorithm: ARGON2ID })),
    verify: (passwordHash, password) =>
      slot(async () => {
        try {
          return await verify(passwordHash, password);
        } catch {
          return false;
        }
      }),
  };
}
