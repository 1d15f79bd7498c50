import { ArtImage } from "../../components/art/art-image.tsx";
import type { ChapterInfo } from "./chapters.ts";

const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];

/** "Required chapter N": N is the chapter level minus 1 (product.md section 4). */
export function requirementText(chapter: ChapterInfo): string {
  return `Required chapter ${chapter.level - 1}`;
}

/** The first open chapter whose three opponents are not all beaten: where the story continues. */
export function nextChapterKey(
  chapters: readonly ChapterInfo[],
  userLevel: number,
  maps: readonly number[],
): string | null {
  const next = chapters
    .filter((c) => !c.isPromo && c.level <= userLevel)
    .sort((a, b) => a.level - b.level)
    .find((c) => chapterStars(c, maps).some((filled) => !filled));
  return next?.key ?? null;
}

/** A star is filled when that chapter's cpu1, cpu2 or cpu3 id is in the user's maps. */
export function chapterStars(chapter: ChapterInfo, maps: readonly number[]): boolean[] {
  return [0, 1, 2].map((i) => {
    const id = chapter.opponents[i];
    return id !== undefined && maps.includes(id);
  });
}

interface ChapterIconProps {
  chapter: ChapterInfo;
  userLevel: number;
  maps: readonly number[];
  x: number;
  y: number;
  onOpen: (chapter: ChapterInfo) => void;
  /** The chapter the player should play next (a gentle pulse). */
  isNext?: boolean;
}

export function ChapterIcon({ chapter, userLevel, maps, x, y, onOpen, isNext }: ChapterIconProps) {
  const locked = userLevel < chapter.level;
  const stars = chapterStars(chapter, maps);
  const earned = stars.filter(Boolean).length;
  const status = chapter.isPromo
    ? "coming soon"
    : locked
      ? requirementText(chapter)
      : `${earned} of 3 stars`;

  return (
    <button
      type="button"
      className={`chapter-icon${locked ? " chapter-icon--locked" : ""}${chapter.isPromo ? " chapter-icon--promo" : ""}${isNext ? " chapter-icon--next" : ""}`}
      style={{ left: `${x}%`, top: `${y}%` }}
      aria-label={`${chapter.name}, ${status}`}
      onClick={() => onOpen(chapter)}
      data-testid={`chapter-${chapter.key}`}
      data-locked={locked}
    >
      <span className="chapter-icon__medallion">
        <ArtImage
          className="chapter-icon__art"
          src={`/static/media/chapter-${chapter.key}.svg`}
          alt=""
          fallback={
            <span className="chapter-icon__fallback" aria-hidden="true">
              {ROMAN[chapter.level]}
            </span>
          }
        />
        {locked && (
          <span className="chapter-icon__lock" aria-hidden="true">
            <span className="chapter-icon__lock-body" />
          </span>
        )}
        {locked && !chapter.isPromo && (
          <span className="chapter-icon__required" data-testid={`chapter-${chapter.key}-required`}>
            {requirementText(chapter)}
          </span>
        )}
        {chapter.isPromo && (
          <span className="chapter-icon__ribbon" aria-hidden="true">
            Coming soon
          </span>
        )}
      </span>
      <span className="chapter-icon__name" aria-hidden="true">
        {chapter.name}
      </span>
      <span className="chapter-icon__stars" aria-hidden="true">
        {stars.map((filled, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the three stars are fixed slots.
            key={i}
            className={`chapter-icon__star${filled ? " chapter-icon__star--filled" : ""}`}
          >
            ★
          </span>
        ))}
      </span>
    </button>
  );
}
