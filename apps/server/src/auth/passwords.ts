import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id: the library exports a const enum, which verbatimModuleSyntax
// cannot import, so its value is spelled out.
const ARGON2ID = 2;

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP suggests. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
