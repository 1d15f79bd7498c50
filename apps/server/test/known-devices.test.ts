import { describe, expect, it } from "vitest";
import {
  createKnownDevices,
  DEVICE_ACCOUNTS_MAX,
  deviceCookies,
} from "../src/auth/known-devices.ts";

const SECRET = "known-devices-test-secret-0123456789";

describe("known-device credentials", () => {
  it("name the accounts a device signed in to, the newest 8, and are read back only with the same secret", () => {
    const devices = createKnownDevices(SECRET);
    let issued = devices.issue(null, 1);
    for (let id = 2; id <= 10; id++) issued = devices.issue(issued.device, id);
    // Signing in to an account again moves it to the newest end, never twice.
    issued = devices.issue(issued.device, 5);
    expect(issued.device.accounts).toEqual([3, 4, 6, 7, 8, 9, 10, 5]);
    expect(issued.device.accounts).toHaveLength(DEVICE_ACCOUNTS_MAX);
    const [read] = devices.read([issued.credential]);
    expect(read).toEqual(issued.device);
    expect(createKnownDevices(`${SECRET}-other`).read([issued.credential])).toEqual([]);
    // The account list cannot be edited without the signature failing.
    const edited = issued.credential.replace(".3-4-", ".1-4-");
    expect(edited).not.toBe(issued.credential);
    expect(devices.read([edited])).toEqual([]);
  });

  it("reads at most four credentials of a request, cookies first", () => {
    const devices = createKnownDevices(SECRET);
    const good = devices.issue(null, 7).credential;
    const header = ["a=1", "cr_device=x", "cr_device=y", "cr_device=z", `cr_device=${good}`].join(
      "; ",
    );
    expect(deviceCookies(header)).toEqual(["x", "y", "z", good]);
    expect(devices.read([...deviceCookies(header), good])).toHaveLength(1);
    expect(devices.read(["x", "y", "z", "w", good])).toEqual([]);
  });
});
