import { RANK_REWARDS } from "@cardrealm/content";
import type { StateMessage } from "@cardrealm/engine";
import { DECK_MIN_CARDS, MESSAGES, type User } from "@cardrealm/protocol";
import {
  type ComponentType,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { ScreenFrame } from "../../components/card-views/screen-frame.tsx";
import { api } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import {
  appStore,
  setInQueue,
  setPendingBattle,
  setRoute,
  setSettings,
  setUser,
  showSystemMessage,
  useAppStore,
} from "../../stores/app-store.ts";
import { arenaApi, queueApi, type SeasonInfo } from "./arena-api.ts";
import { onChannelData } from "./arena-channel.ts";
import {
  ARENA_LEVEL,
  formatLeft,
  formatWait,
  levelProgress,
  rewardQueue,
  seenAllBody,
  seenBody,
} from "./arena-model.ts";
import { ChampionsPopup, RankRewardsPopup } from "./arena-popups.tsx";
import { DailyTasksPanel } from "./daily-tasks-panel.tsx";
import { ARENA_BOT_ID, createPvpQueue, type PvpQueue } from "./pvp-queue.ts";
import { RankDisplay, rankLabel } from "./rank-display.tsx";
import { RewardPopup } from "./reward-popup.tsx";
import { SeasonTrack } from "./season-track.tsx";
import { showVersus, versusFrom } from "./versus-screen.tsx";
// The arena's stylesheet, split by subject: imported in this order, which is its cascade.
import "./arena-screen.css";
import "./arena-season.css";
import "./arena-popups.css";
import "./arena-phone.css";
import { formatGems } from "../../lib/format.ts";

function cpuIdOf(messages: readonly StateMessage[]): number {
  for (const m of messages) {
    const id = m.game_data?.cpu_id;
    if (typeof id === "number" && id > 0) return id;
  }
  return ARENA_BOT_ID;
}

/** Tells the server which reward popups were shown; the fresh user follows. */
function tellSeen(body: ReturnType<typeof seenBody>): void {
  arenaApi.seen(body).then(
    (fresh) => setUser(fresh),
    () => undefined, // shown again next time; nothing lost
  );
}

/** The battle starts: the battle screen takes the opening state. */
function toBattle(messages: StateMessage[]): void {
  showVersus(versusFrom(messages));
  setPendingBattle({ cpuId: cpuIdOf(messages), messages });
  setRoute("game");
}

/** The PvP start button, the queue timer and "Finding opponent...". */
function QueuePanel({ queue }: { queue: PvpQueue }) {
  const q = useSyncExternalStore(queue.subscribe, queue.get, queue.get);
  const deckSize = useAppStore((s) => s.user?.deck.total_amount ?? 0);
  const waiting = q.phase !== "idle";
  return (
    <section className="arena-panel queue-panel" aria-label="Player versus player">
      <h2 className="arena-panel__title queue-panel__title">Battle a player</h2>
      {!waiting ? (
        <>
          <button
            type="button"
            className="btn btn--gold queue-panel__start"
            data-testid="arena-queue"
            onClick={() => {
              playClick();
              if (deckSize < DECK_MIN_CARDS) {
                showSystemMessage(MESSAGES.deckTooSmall, "info");
                return;
              }
              queue.start();
            }}
          >
            <span className="queue-panel__swords" aria-hidden="true">
              ⚔
            </span>
            Fight
          </button>
          <p className="queue-panel__hint">Win +20 rank, 50 gems · Loss −10 rank, 10 gems</p>
        </>
      ) : (
        <div className="queue-panel__wait" data-testid="arena-queue-state" data-phase={q.phase}>
          <span className="queue-panel__spinner" aria-hidden="true" />
          <span className="queue-panel__text" aria-live="polite">
            {q.phase === "entering"
              ? "Entering the queue..."
              : q.phase === "matched"
                ? "Opponent found! Starting..."
                : q.phase === "starting"
                  ? "Starting the battle..."
                  : "Finding opponent..."}
          </span>
          {q.notice && (
            <span className="queue-panel__notice" data-testid="arena-queue-notice" role="status">
              {q.notice}
            </span>
          )}
          <span
            className="queue-panel__timer"
            data-testid="arena-queue-timer"
            role="timer"
            aria-label={`Waiting ${q.seconds} seconds`}
          >
            {formatWait(q.seconds)}
          </span>
          <button
            type="button"
            className="btn btn--ghost queue-panel__cancel"
            data-testid="arena-cancel"
            disabled={q.phase === "starting"}
            onClick={() => {
              playClick();
              queue.cancel();
            }}
          >
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}

/** What the rank pays at season end, and what the next rank needs. */
function RankFacts({ rank }: { rank: User["rank"] }) {
  const index = RANK_REWARDS.findIndex((r) => r.rank === rank.rank);
  const next = RANK_REWARDS[index + 1];
  const gems = RANK_REWARDS[index]?.gems ?? 0;
  return (
    <dl className="rank-panel__facts">
      <div className="rank-panel__fact">
        <dt>Season-end reward</dt>
        <dd>
          <span className="arena-gem" aria-hidden="true" />
          {formatGems(gems)}
        </dd>
      </div>
      {next ? (
        <div className="rank-panel__fact">
          <dt>To {rankLabel(next.rank)}</dt>
          <dd>{Math.max(0, rank.total_score - rank.score)} to go</dd>
        </div>
      ) : (
        <div className="rank-panel__fact">
          <dt>A loss never drops you</dt>
          <dd>below champions</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The screen's PvP queue (pvp-queue.ts): fed by the channel, its state
 * told to the app store (in the queue or not); leaving the screen cancels it.
 */
function useArenaQueue(): PvpQueue {
  const queue = useMemo(
    () =>
      createPvpQueue({
        api: queueApi,
        onGame: toBattle,
        onError: (message) => showSystemMessage(message, "info"),
        fixedThreshold: () => {
          const s = Number(appStore.get().settings?.arenaBotWaitSeconds);
          return Number.isInteger(s) && s > 0 ? s : undefined;
        },
      }),
    [],
  );
  useEffect(() => {
    const off = onChannelData((data) => queue.channel(data));
    const offState = queue.subscribe(() => setInQueue(queue.get().phase !== "idle"));
    return () => {
      off();
      offState();
      queue.cancel();
      setInQueue(false);
    };
  }, [queue]);
  return queue;
}

/** The rank, what it pays, and the buttons of the champions and rank-rewards popups. */
function RankPanel({
  rank,
  onOpen,
}: {
  rank: User["rank"];
  onOpen: (popup: "champions" | "rank-rewards") => void;
}) {
  return (
    <section className="arena-panel rank-panel" aria-label="Rank">
      <RankDisplay rank={rank} />
      <RankFacts rank={rank} />
      <div className="rank-panel__buttons">
        <button
          type="button"
          className="btn btn--purple rank-panel__button"
          data-testid="champions-open"
          onClick={() => {
            playClick();
            onOpen("champions");
          }}
        >
          Champions
        </button>
        <button
          type="button"
          className="btn btn--purple rank-panel__button"
          data-testid="rank-rewards-open"
          onClick={() => {
            playClick();
            onOpen("rank-rewards");
          }}
        >
          Rank rewards
        </button>
      </div>
    </section>
  );
}

/** The season: level, xp bar, time left, the Season Pass (or its offer) and the track. */
function SeasonPanel({ user, season }: { user: User; season: SeasonInfo | null }) {
  const cards = useAppStore((s) => s.cards);
  const sp = user.season_progress;
  const lp = levelProgress(sp.xp, sp.currentLevel);
  return (
    <section className="arena-panel season-panel" aria-labelledby="season-title">
      <header className="season-panel__head">
        <h2 id="season-title" className="arena-panel__title">
          Season
        </h2>
        <span className="season-panel__level">
          Level <strong>{sp.currentLevel}</strong> / 30
        </span>
        <span
          className="season-panel__xp"
          role="progressbar"
          aria-label="Season xp to the next level"
          aria-valuemin={0}
          aria-valuemax={lp.need}
          aria-valuenow={lp.done}
        >
          <span
            className="season-panel__xp-fill"
            style={{ width: `${(100 * lp.done) / lp.need}%` }}
          />
          <span className="season-panel__xp-text">
            {lp.done} / {lp.need} xp
          </span>
        </span>
        {season && (
          <span className="arena-panel__note">
            Ends in {formatLeft(Date.parse(season.ends_at) - Date.now())}
          </span>
        )}
        <span className="season-panel__spacer" />
        {user.premium ? (
          <span className="season-panel__pass" data-testid="season-pass-active">
            Season Pass active
          </span>
        ) : (
          <button
            type="button"
            className="btn btn--gold season-panel__ad"
            data-testid="season-ad"
            onClick={() => {
              playClick();
              setRoute("offers");
            }}
          >
            <span className="lock-icon lock-icon--dark" aria-hidden="true" />
            Unlock Season Pass rewards
          </button>
        )}
      </header>
      <SeasonTrack progress={sp} premium={user.premium} cards={cards} />
    </section>
  );
}

/**
 * Opening the arena: locked below level 3 (the map says so too), back home
 * then; otherwise fresh tasks, the season, and the public settings. Returns
 * whether it is locked and the season once known.
 */
function useArenaOpen(level: number | undefined): { locked: boolean; season: SeasonInfo | null } {
  const [season, setSeason] = useState<SeasonInfo | null>(null);
  const locked = (level ?? 0) < ARENA_LEVEL;
  useEffect(() => {
    if (locked) {
      showSystemMessage(MESSAGES.arenaLocked, "info");
      setRoute("home");
      return;
    }
    let live = true;
    api.playerDetails().then((r) => {
      if (live && r.data) setUser(r.data);
    });
    arenaApi.season().then(
      (s) => live && setSeason(s),
      () => undefined,
    );
    // The public settings (a test server's fixed bot wait among them).
    if (!appStore.get().settings) api.settings().then(setSettings, () => undefined);
    return () => {
      live = false;
    };
  }, [locked]);
  return { locked, season };
}

/**
 * The reward popups the progression earned, less those dismissed on this
 * screen (the server is told, and the fresh user drops them too).
 */
function useRewardQueue(user: User | null) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const items = useMemo(
    () => (user ? rewardQueue(user).filter((i) => !dismissed.has(i.key)) : []),
    [user, dismissed],
  );
  const dismiss = (keys: readonly string[]) => setDismissed((prev) => new Set([...prev, ...keys]));
  return { items, dismiss };
}

/** The first reward popup waiting: OK dismisses it, "claim all" every one. */
function RewardPopups({ items, dismiss }: ReturnType<typeof useRewardQueue>) {
  const cards = useAppStore((s) => s.cards);
  const current = items[0];
  if (!current) return null;
  return (
    <RewardPopup
      key={current.key}
      item={current}
      left={items.length - 1}
      cards={cards}
      onOk={() => {
        playClick();
        dismiss([current.key]);
        tellSeen(seenBody(current));
      }}
      onClaimAll={() => {
        playClick();
        dismiss(items.map((i) => i.key));
        tellSeen(seenAllBody(items));
      }}
    />
  );
}

/**
 * The arena (product.md section 2): daily tasks, the PvP queue with its bot
 * fallback, the rank with the champions and rank-rewards popups, the season
 * track, and the reward popups the progression earned. `HistoryDialog` is
 * the battle chronicle the shell gives (features/replay).
 */
export default function ArenaScreen({
  HistoryDialog,
}: {
  HistoryDialog: ComponentType<{ onClose: () => void }>;
}) {
  const user = useAppStore((s) => s.user);
  const [popup, setPopup] = useState<"champions" | "rank-rewards" | null>(null);
  const [history, setHistory] = useState(false);
  const queue = useArenaQueue();
  const { locked, season } = useArenaOpen(user?.level);
  const rewards = useRewardQueue(user);

  if (!user || locked) return null;

  return (
    <ScreenFrame
      route="arena"
      title="Arena"
      className="arena-screen"
      actions={
        <button
          type="button"
          className="btn btn--purple"
          data-testid="open-battle-history"
          onClick={() => {
            playClick();
            setHistory(true);
          }}
        >
          Battle chronicle
        </button>
      }
    >
      {history && (
        <Suspense fallback={null}>
          <HistoryDialog onClose={() => setHistory(false)} />
        </Suspense>
      )}
      <div className="arena" data-testid="arena-screen">
        <div className="arena__top">
          <DailyTasksPanel dailys={user.dailys} />
          <QueuePanel queue={queue} />
          <RankPanel rank={user.rank} onOpen={setPopup} />
        </div>
        <SeasonPanel user={user} season={season} />
      </div>

      {popup === "champions" && <ChampionsPopup onClose={() => setPopup(null)} />}
      {popup === "rank-rewards" && <RankRewardsPopup onClose={() => setPopup(null)} />}
      {!popup && <RewardPopups {...rewards} />}
    </ScreenFrame>
  );
}
