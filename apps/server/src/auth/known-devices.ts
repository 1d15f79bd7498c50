import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Known devices: a device that signed in to an account with its password
 * keeps a credential the server signed (HMAC-SHA256 with the token secret),
 * naming the device and the accounts it signed in to. It comes back as the
 * `cr_device` cookie (HttpOnly) and, for webviews that drop cookies, as
 * `device_credential` in the login body (the client keeps it in
 * localStorage). A login from a known device counts its failures for that
 * device only, so strangers' failures never lock the owner out
 * (http/routes/auth-routes.ts). Nothing here is secret from its holder; a
 * forged, altered or oversized credential is simply not read.
 */
export const DEVICE_COOKIE = "cr_device";
/** The longest credential read (8 accounts fit in ~150 characters). */
export const DEVICE_CREDENTIAL_MAX_CHARS = 256;
/** Accounts one credential names; the oldest drops out beyond. */
export const DEVICE_ACCOUNTS_MAX = 8;
/** Credentials read from one request (cookies and body together); the rest are ignored. */
export const DEVICE_CREDENTIALS_READ_MAX = 4;
/** How long the browser keeps the cookie (each sign-in renews it). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;

export interface KnownDevice {
  /** Random, 16 bytes in base64url. */
  id: string;
  /** User ids it signed in to, oldest first. */
  accounts: number[];
}

const SHAPE =
  /^d1\.([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,14}(?:-[1-9][0-9]{0,14}){0,7})\.([A-Za-z0-9_-]{43})$/;

export interface KnownDevices {
  /** The devices the credentials prove (unreadable ones skipped), at most DEVICE_CREDENTIALS_READ_MAX looked at. */
  read(credentials: readonly string[]): KnownDevice[];
  /** A credential for `device` (a new device when null) that also names `userId`. */
  issue(device: KnownDevice | null, userId: number): { device: KnownDevice; credential: string };
}

export function createKnownDevices(secret: string): KnownDevices {
  // Domain-separated from the session tokens signed with the same secret.
  const mac = (body: string) =>
    createHmac("sha256", secret).update(`cardrealm-device:${body}`).digest();

  return {
    read(credentials) {
      const devices: KnownDevice[] = [];
      for (const c of credentials.slice(0, DEVICE_CREDENTIALS_READ_MAX)) {
        if (c.length > DEVICE_CREDENTIAL_MAX_CHARS) continue;
        const m = SHAPE.exec(c);
        if (!m) continue;
        const [, id = "", list = "", sig = ""] = m;
        // Compared as text: base64url's last character has spare bits, so
        // decoding would take a few spellings of one signature as equal.
        const given = Buffer.from(sig, "latin1");
        const expected = Buffer.from(mac(`${id}.${list}`).toString("base64url"), "latin1");
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
        devices.push({ id, accounts: list.split("-").map(Number) });
      }
      return devices;
    },

    issue(device, userId) {
      const id = device?.id ?? randomBytes(16).toString("base64url");
      const accounts = [...(device?.accounts ?? []).filter((a) => a !== userId), userId].slice(
        -DEVICE_ACCOUNTS_MAX,
      );
      const list = accounts.join("-");
      const sig = mac(`${id}.${list}`).toString("base64url");
      return { device: { id, accounts }, credential: `d1.${id}.${list}.${sig}` };
    },
  };
}

/** Every `cr_device` value of a Cookie header (a browser may send more than one), at most a few. */
export function deviceCookies(header: string | undefined): string[] {
  if (!header) return [];
  const found: string[] = [];
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    found.push(part.slice(at + 1).trim());
    if (found.length >= DEVICE_CREDENTIALS_READ_MAX) break;
  }
  return found;
}

/** The Set-Cookie value for a credential: HttpOnly, SameSite=Lax, Secure over HTTPS, for /api only. */
export function deviceSetCookie(credential: string, https: boolean): string {
  return [
    `${DEVICE_COOKIE}=${credential}`,
    "Path=/api",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(https ? ["Secure"] : []),
  ].join("; ");
}
