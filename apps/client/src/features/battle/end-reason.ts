import type { EndGameMsg } from "@cardrealm/engine";
import { possessive } from "../../lib/possessive.ts";

/**
 * The end panel's line saying why the battle ended, in the words of the side
 * reading it (issue 24 item 6): "Seeker4821 left the battle" for the winner
 * of a closed tab, "You ran out of time" for the loser of three timed-out
 * turns, never "surrendered" for a player who only left.
 */
export function endReasonText(
  end: Pick<EndGameMsg, "reason" | "winner">,
  opponent: string,
): string {
  const won = end.winner === "player";
  const lost = end.winner === "cpu";
  switch (end.reason) {
    case "give_up":
      return won ? `${opponent} surrendered` : "You surrendered";
    case "left":
      return won ? `${opponent} left the battle` : "You left the battle";
    case "idle":
      return won ? `${opponent} ran out of time` : "You ran out of time";
    case "turn_cap":
      return "The turn limit was reached";
    case "hp":
      return won
        ? `${possessive(opponent)} castle has fallen`
        : lost
          ? "Your castle has fallen"
          : "Both castles stand";
  }
}
