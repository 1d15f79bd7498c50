import type { FastifyReply, FastifyRequest } from "fastify";
import {
  deviceCookies,
  deviceSetCookie,
  type KnownDevice,
  type KnownDevices,
} from "../auth/known-devices.ts";

/** The devices a request proves: its `cr_device` cookies, then the body's credential. */
export function devicesOf(
  request: FastifyRequest,
  devices: KnownDevices,
  fromBody: string | undefined,
): KnownDevice[] {
  const header = request.headers.cookie;
  const given = deviceCookies(typeof header === "string" ? header : undefined);
  if (fromBody !== undefined) given.push(fromBody);
  return devices.read(given);
}

/**
 * After a password proved the account on this device: the device's credential
 * now names `userId` too. Set as the cookie and returned (the answer carries
 * it as `device_credential` for clients whose cookies are dropped).
 */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  devices: KnownDevices,
  known: readonly KnownDevice[],
  userId: number,
): string {
  const { credential } = devices.issue(known[0] ?? null, userId);
  reply.header("set-cookie", deviceSetCookie(credential, request.protocol === "https"));
  return credential;
}
