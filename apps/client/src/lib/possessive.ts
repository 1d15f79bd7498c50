/**
 * A name made possessive for a line the player reads: "Morvath's castle",
 * "The Thieves' castle", "Port Rats' castle" (issue 26: "The Thieves's").
 * A name ending in s takes the apostrophe alone (the plural rule, and the
 * press style for singular names such as "Silas' castle"); any other takes
 * 's. Every possessive of a name in the client goes through this.
 */
export function possessive(name: string): string {
  const trimmed = name.trimEnd();
  if (trimmed === "") return trimmed;
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
