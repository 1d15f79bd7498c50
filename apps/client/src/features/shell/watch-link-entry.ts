import WatchLink from "../social/watch-link.tsx";
import { connectBoards } from "./board-ports.ts";

/**
 * The watch link's chunk (features/social): a watch may open before the
 * battle screen's chunk has loaded, so the board it shows on is connected
 * here too.
 */
connectBoards();

export default WatchLink;
